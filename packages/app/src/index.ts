export { mountBrandApp } from './mount-brand-app';
