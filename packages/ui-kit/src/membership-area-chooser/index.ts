export { MembershipAreaChooser, type MembershipAreaChooserProps } from './membership-area-chooser';
