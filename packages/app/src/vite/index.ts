export { brandAppViteConfig } from './brand-app-config';
