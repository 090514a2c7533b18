export { MessageHost, type MessageTone, type ShowMessage, showMessage } from './message';
