import { createTenderApp } from '@tender/app';
import brand from '../brand';

createTenderApp(brand);
