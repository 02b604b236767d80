/**
 * 'Formato del archivo': what a bulk load's CSV must hold, beside its template. Closed at first (the
 * screen is for uploading); open, the file's rules and a table of the columns, whether each is required
 * and its format.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Fragment } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

interface Props {
  columns: readonly { header: string; required: boolean; format: string }[];
  rules: readonly string[];
}

export function CsvGuide({ columns, rules }: Props) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ mb: 2 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id="csv-guide-header" aria-controls="csv-guide-content">
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
          Formato del archivo
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="csv-guide-content" sx={{ px: { xs: 1, sm: 2 } }}>
        <Box component="ul" sx={{ mt: 0, pl: 2.5, typography: 'body2' }}>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          {/* A phone's frame is ~310 px: with the cells' usual 16 px sides the table was 351 px, read sideways. */}
          <Table size="small" aria-label="Columnas del archivo" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Columna
                </TableCell>
                <TableCell component="th" scope="col">
                  Obligatoria
                </TableCell>
                <TableCell component="th" scope="col">
                  Formato
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {columns.map((column) => (
                <TableRow key={column.header}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {/* 'Estado/Provincia' may break after its slash: whole, it was the phone's widest word. */}
                    {column.header.split('/').map((part, i) => (
                      <Fragment key={part}>
                        {i > 0 && (
                          <>
                            /<wbr />
                          </>
                        )}
                        {part}
                      </Fragment>
                    ))}
                  </TableCell>
                  <TableCell>{column.required ? 'Sí' : 'No'}</TableCell>
                  <TableCell>{column.format}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
