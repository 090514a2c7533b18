import { brandAppViteConfig } from '@tender/app/vite';
import brand from './brand';

export default brandAppViteConfig(brand);
