import { Box, Card, CardContent, Typography } from '@mui/material';
import { type MoveDetail, visitDateOf } from '../../../../domain/move-api';
import { statusReason } from '../../../../domain/moves';
import { formatScore } from '../../../../domain/reports';
import { PAYMENT_TEXT } from '../../../../domain/payments';
import { formatDisplayDate } from '../../../../domain/validation';
import { StatusChip } from '../shared';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value || '-'}</Typography>
    </Box>
  );
}

/** 'Información': the move's details card. */
export function InfoCard({ move }: { move: MoveDetail }) {
  const { locations: place, projects: project } = move.projectLocation;
  const reason = statusReason(move);
  const visitDate = visitDateOf(move);
  return (
    <Card id="move-info" aria-label="Información" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Información
          </Typography>
          <StatusChip status={move.statusId} />
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {/* No result yet (the Getter has not sent it): '-', as an empty cell; 'N/A' is the score of a
                questionnaire whose questions were all not applicable (-1), and read as such. */}
            {`Resultado: ${move.questionnaireResult === null ? '-' : formatScore(move.questionnaireResult)}`}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          <Field label="Cliente" value={project.campaigns?.client?.name ?? project.client?.name} />
          <Field label="Campaña" value={project.campaigns?.name} />
          <Field label="Proyecto" value={project.name} />
          <Field label="Fin del proyecto" value={project.endDate ? formatDisplayDate(project.endDate) : null} />
          <Field label="Punto de venta" value={`${place.fullName} (${place.clientLocationName})`} />
          <Field label="Código de locación del cliente" value={place.client_location_id} />
          <Field label="Dirección" value={[place.street, place.city, place.state].filter(Boolean).join(', ')} />
          <Field label="Horario" value={`${place.openingHours} a ${place.closingHours}`} />
          <Field label="Getter" value={move.user?.fullName} />
          <Field label="Agente de calidad" value={move.assignedAgent?.fullName} />
          <Field label="Fecha de visita" value={visitDate ? formatDisplayDate(visitDate, true) : null} />
          <Field label="Fin del análisis" value={move.finishAnalysisDate ? formatDisplayDate(move.finishAnalysisDate, true) : null} />
          <Field label="Fecha límite" value={move.dueTo ? formatDisplayDate(move.dueTo) : null} />
          <Field label="Observación del local" value={place.observation} />
          {reason && <Field label="Motivo" value={reason} />}
          {move.editReason && <Field label="Motivo de la edición" value={move.editReason} />}
          {/* Whether the Getter was paid for the visit: by this move, or (a copy) by the earlier one it republishes. */}
          {(move.paid || move.paidVisit) && <Field label="Pago al Getter" value={move.paid ? PAYMENT_TEXT.registered : `${PAYMENT_TEXT.registered} con la move ${move.paidVisit!.moveCode}`} />}
        </Box>
      </CardContent>
    </Card>
  );
}
