import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Typography } from '@mui/material';

/** A route whose screen belongs to an issue that has not landed yet: it exists, and says so. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <ConstructionIcon />
          <Typography>Esta sección estará disponible próximamente.</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
