import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'ra-ui-materialui';

/** No movement: every transition's duration is 0 and none is drawn; buttons make no ripple. */
const STILL = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/** A selected table row's background: the primary at 4 % over white (tests/unit/contrast.test.ts measures its text). */
export const SELECTED_ROW_BACKGROUND = '#fcf8f5';

/**
 * MUI with the orange primary colour of the spec (spec 1 §9) and Spanish component texts. A burnt orange:
 * white on it and it on white read at 5:1 (WCAG AA); the brighter #f57c00 read at 2.7:1, below it.
 * `still`: for those who asked their system to reduce motion (WCAG 2.3.3): dialogs, menus, the sidebar
 * and snackbars appear and go at once, with no ripple.
 */
const build = (still: boolean) => createTheme(
  {
    ...defaultTheme,
    palette: {
      primary: { main: '#b35000', contrastText: '#fff' },
      secondary: { main: '#37474f' },
      success: { main: '#2e7d32' },
      error: { main: '#d32f2f' },
      // MUI's own warning (#ed6c02) and info (#0288d1) read at 3.1:1 and 3.9:1 with white text ('Devolver',
      // 'A corregir', the 'Próximo' chip): these read at 4.6:1 and 4.8:1.
      warning: { main: '#c05600', contrastText: '#fff' },
      info: { main: '#0277bd', contrastText: '#fff' },
      background: { default: '#fafafa' },
    },
    shape: { borderRadius: 8 },
    components: {
      ...defaultTheme.components,
      // 'Saltar al contenido' shows on the first Tab: white on the page's near-white it read at 1.04:1.
      RaSkipNavigationButton: {
        styleOverrides: { root: ({ theme }) => ({ color: theme.palette.primary.main, '&:focus': { color: theme.palette.primary.main, outline: `2px solid ${theme.palette.primary.main}` } }) },
      },
      // A selected row (its actions showing) was tinted with 8 % of the primary, 12 % under the pointer: its
      // 'Editar' (primary) and 'Desactivar' (error) read at 4.4:1 and 4.2:1 there. A lighter tint that hovering
      // does not darken keeps them at 4.5:1 or more, and a bar on the row's left edge still marks which it is.
      MuiTableRow: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: SELECTED_ROW_BACKGROUND },
            // On the first cell, not the row: not every browser draws a table row's own shadow.
            '&.Mui-selected > :first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}` },
          }),
        },
      },
      // Every button, icon and menu entry reached with the keyboard shows it as rows and headers do: MUI's own
      // tint read at about 1.3:1 on white, below the 3:1 a focus indicator needs (WCAG 1.4.11), and on a
      // menu entry it looked like the current page's highlight. Inside the entry's own box where a list or
      // a menu would clip it.
      MuiButtonBase: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 } }) },
      },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      // A sort header reached with Tab shows it (it only turned a little greyer).
      MuiTableSortLabel: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2, borderRadius: 4 } }) },
      },
    },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
  },
  esES,
  // After MUI's Spanish, which it corrects: the open button of every select said "Abierto" (opened).
  { components: { MuiAutocomplete: { defaultProps: { openText: 'Abrir', closeText: 'Cerrar', clearText: 'Limpiar', noOptionsText: 'No hay opciones disponibles.', loadingText: 'Cargando…' } } } },
  still ? STILL : {},
);

export const theme = build(false);
/** The theme for `prefers-reduced-motion: reduce` (App.tsx follows the system's setting as it changes). */
export const stillTheme = build(true);
