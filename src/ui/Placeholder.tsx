import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { ScreenTitle } from './ScreenTitle';

/** A route whose screen belongs to an issue that has not landed yet: it exists, and says so. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <ScreenTitle sx={{ mb: 1 }}>{title}</ScreenTitle>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <ConstructionIcon />
          <Typography>Esta sección estará disponible próximamente.</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
