export { type LoggedInElsewhereDialogState, useLoggedInElsewhereDialog } from './logged-in-elsewhere-dialog';
