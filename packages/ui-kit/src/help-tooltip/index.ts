export { HelpTooltip, type HelpTooltipProps } from './help-tooltip';
