/** A dialog the founder opened (Radix dialogs, the drawer, alert dialogs): a tour never covers one. */
const FOUNDER_DIALOG = '[role="dialog"]:not(#driver-popover-content), [role="alertdialog"]';
export const founderDialogOpen = () => document.querySelector(FOUNDER_DIALOG) !== null;
