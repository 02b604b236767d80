/**
 * Room at the right of a row of buttons at the foot of a page (and of the pager): the floating chat
 * button sits 24 px from the window's right edge and is 56 px wide. Where a page is a little taller
 * than the window, 'Guardar' lay under it before any scrolling, and a click there opened the chat.
 * In MUI spacing units (9 × 8 px = 72 px).
 */
export const CHAT_GUTTER = 9;
