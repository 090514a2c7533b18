export { UI_LOCALE, UiKitProvider, type UiKitProviderProps } from './ui-kit-provider';
