export { createTenderApp } from './create-tender-app';
