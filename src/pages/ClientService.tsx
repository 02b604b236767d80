import InfoIcon from '@mui/icons-material/InfoOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { getSession } from '../authProvider/session';

function FramedPage({ title, url, unavailable }: { title: string; url: string | null | undefined; unavailable: string }) {
  if (!url) {
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <InfoIcon color="primary" />
          <Box>
            <Typography variant="h6" component="h1">
              {unavailable}
            </Typography>
            <Typography color="text.secondary">Por favor, comuníquese con su ejecutivo de cuenta.</Typography>
          </Box>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ mt: 2, height: 'calc(100vh - 120px)', display: 'flex', flexDirection: 'column' }}>
      <Typography variant="h6" component="h1" sx={{ p: 2, pb: 1 }}>
        {title}
      </Typography>
      <Box component="iframe" title={title} src={url} sx={{ border: 0, flex: 1, width: '100%' }} />
    </Card>
  );
}

/** /client-service/claims frames the client's claimUrl. */
export function ClaimsPage() {
  return <FramedPage title="Gestión de Reclamos" url={getSession()?.profile.client?.claimUrl} unavailable="Gestión de Reclamos no disponible" />;
}

/** /client-service/contact frames the client's contactUrl. */
export function ContactPage() {
  return <FramedPage title="Contacto / Consultas" url={getSession()?.profile.client?.contactUrl} unavailable="Contacto / Consultas no disponible" />;
}

/** /surveys frames the user's survey link. */
export function SurveysPage() {
  return <FramedPage title="Encuesta de satisfacción" url={getSession()?.profile.linkSurveyMonkey} unavailable="Encuesta no disponible" />;
}
