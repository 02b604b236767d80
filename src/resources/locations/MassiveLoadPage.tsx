import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Card, CardContent, IconButton } from '@mui/material';
import { useRefresh } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CSV_TEXT } from '../../../domain/locationsCsv';
import { csvAttributesRule, CSV_FILE_RULES, csvColumnGuide, csvTemplate } from '../../../domain/locationsCsvTemplate';
import { ClientPicker } from '../../ui/ClientPicker';
import { CsvGuide } from '../../ui/upload/CsvGuide';
import { CsvUpload, downloadCsv } from '../../ui/upload/CsvUpload';
import type { LocationPaths } from './paths';
import { useClientFeatures } from './FeatureValuesInput';
import { ScreenSubtitle, ScreenTitle, TITLE_BEFORE_SUBTITLE } from '../../ui/ScreenTitle';

/** What the guide says of each column: the same for every visit. */
const COLUMN_GUIDE = csvColumnGuide();

/**
 * 'Carga masiva de Puntos de Venta' (spec 1 §2.5): template (with an example row) and its guide, file,
 * upload with progress, and 'Estado'.
 * Under a client (`clientId` fixed) the file goes to that client, which `subtitle` names beside the title.
 */
export function MassiveLoadPage({ paths, clientId: fixedClient, subtitle }: { paths: LocationPaths; clientId?: number; subtitle?: string }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [clientId, setClientId] = useState<number | null>(fixedClient ?? null);
  const [clientError, setClientError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The attributes the file does not hold: what the points of sale loaded get of them, said of the client chosen.
  const features = useClientFeatures(clientId);
  const rules = [...CSV_FILE_RULES, csvAttributesRule(clientId ? (features.data ?? null) : null)];
  // The client goes with the file; without one, 'Subir' says so under the picker.
  const target = () => {
    if (!clientId) {
      setClientError('Seleccione un cliente');
      return null;
    }
    return { path: `/core-clients/clients/importBranches?clientId=${clientId}`, fields: { clientId: String(clientId) } };
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <IconButton aria-label="Volver" onClick={() => navigate(paths.list)}>
            <ArrowBackIcon />
          </IconButton>
          <ScreenTitle sx={subtitle ? TITLE_BEFORE_SUBTITLE : undefined}>{CSV_TEXT.title}</ScreenTitle>
          {subtitle && <ScreenSubtitle>{subtitle}</ScreenSubtitle>}
          <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => downloadCsv(csvTemplate(), CSV_TEXT.fileName)}>
            DESCARGAR CSV
          </Button>
        </Box>
        <CsvGuide columns={COLUMN_GUIDE} rules={rules} />
        {fixedClient === undefined && (
          <Box sx={{ mb: 2 }}>
            <ClientPicker
              label="Cliente"
              emptyLabel="Sin Selección"
              activeOnly
              width={360}
              value={clientId}
              error={clientError}
              disabled={busy}
              onChange={(id) => {
                setClientId(id);
                setClientError(undefined);
              }}
            />
          </Box>
        )}
        <CsvUpload target={target} placeholder={CSV_TEXT.placeholder} onDone={refresh} onBusy={setBusy} />
      </CardContent>
    </Card>
  );
}
