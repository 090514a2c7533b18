import { create } from 'zustand';

/** The menu entry (route name) the guided tour points at; the sidebar outlines it and opens its group. */
export const useGuideHighlight = create<{ menuName: string | undefined }>()(() => ({ menuName: undefined }));

/** The attribute that marks a sidebar entry by its route name, for the tour's card to sit beside it. */
export const GUIDE_TARGET_ATTRIBUTE = 'data-tour-target';
