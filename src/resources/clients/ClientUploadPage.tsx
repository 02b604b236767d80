import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { CLIENTS_CSV_TEXT, clientCsvTemplate } from '../../../domain/clientsCsv';
import { CsvUpload, downloadCsv } from '../../ui/upload/CsvUpload';
import { ScreenTitle } from '../../ui/ScreenTitle';

/**
 * 'Carga de clientes' (spec 1 §2.4; its content is not shown): the template with the client form's
 * columns, the file, the upload with its progress, and 'Estado' with every bad line. All rows or none.
 */
export function ClientUploadPage() {
  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <ScreenTitle>{CLIENTS_CSV_TEXT.title}</ScreenTitle>
          <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => downloadCsv(clientCsvTemplate(), CLIENTS_CSV_TEXT.fileName)}>
            DESCARGAR CSV
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {CLIENTS_CSV_TEXT.help}
        </Typography>
        <CsvUpload target={() => ({ path: '/clients/massive' })} placeholder={CLIENTS_CSV_TEXT.placeholder} />
      </CardContent>
    </Card>
  );
}
