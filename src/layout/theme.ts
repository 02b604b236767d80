import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'ra-ui-materialui';

/** MUI with the orange primary colour of the spec (spec 1 §9) and Spanish component texts. */
export const theme = createTheme(
  {
    ...defaultTheme,
    palette: {
      primary: { main: '#f57c00', contrastText: '#fff' },
      secondary: { main: '#37474f' },
      success: { main: '#2e7d32' },
      error: { main: '#d32f2f' },
      background: { default: '#fafafa' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
  },
  esES,
);
