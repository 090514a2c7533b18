export { DisplayModeToggle, type DisplayModeToggleProps } from './display-mode-toggle';
