import { mountBrandApp } from '@tender/app';
import brand from '../brand';

mountBrandApp(brand);
