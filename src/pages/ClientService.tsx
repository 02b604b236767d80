import InfoIcon from '@mui/icons-material/InfoOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { absoluteUrl, isFramable, UNFRAMABLE_TEXT } from '../../domain/validation';
import { getSession } from '../authProvider/session';

function FramedPage({ title, url, unavailable }: { title: string; url: string | null | undefined; unavailable: string }) {
  // A stored link may lack its scheme; and a site that refuses to be framed still opens in its own tab.
  const href = url ? absoluteUrl(url) : null;
  if (!href) {
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
  // An http link would be an empty frame (blocked by the browser and the security policy): its own tab instead.
  if (!isFramable(href)) {
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <WarningIcon color="warning" />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
            <Typography variant="h6" component="h1">
              {title}
            </Typography>
            <Typography sx={{ fontWeight: 500 }}>{UNFRAMABLE_TEXT.title}</Typography>
            <Typography color="text.secondary">{UNFRAMABLE_TEXT.body}</Typography>
            <Button variant="contained" size="large" endIcon={<OpenInNewIcon />} href={href} target="_blank" rel="noopener noreferrer">
              {UNFRAMABLE_TEXT.open}
            </Button>
          </Box>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ mt: 2, height: 'calc(100vh - 120px)', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ p: 2, pb: 1, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          Abrir en una pestaña nueva
          <OpenInNewIcon fontSize="small" />
        </Link>
      </Box>
      <Box component="iframe" title={title} src={href} sx={{ border: 0, flex: 1, width: '100%' }} />
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
