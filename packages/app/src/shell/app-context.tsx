import { createContext, useContext } from 'react';
import type { AppServices } from './app-services';

export const AppServicesContext = createContext<AppServices | undefined>(undefined);

/** The brand, the api-client and the shell's actions, for every screen. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices: render inside createTenderApp');
  return services;
}
