export { ServicePeriodDialog, type ServicePeriodDialogProps } from './service-period-dialog';
