export { Toast, type ToastProps, type ToastState, useToast } from './toast';
