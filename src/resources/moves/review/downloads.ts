/** The move's downloads: one photo under the spec's name, all images as a zip, and the move as a PDF. */
import { type AnsweredQuestionnaire, type MoveDetail, visitDateOf } from '../../../../domain/move-api';
import { chosenAnswerIds, numberedQuestions, photosOf, replyText } from '../../../../domain/move-replies';
import { photoFileName, statusReason } from '../../../../domain/moves';
import { formatScore } from '../../../../domain/reports';
import { QUESTION_TYPE_LABELS } from '../../../../domain/questionnaires';
import { fileStamp, formatDisplayDate } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { request } from '../../../dataProvider/http';
import { saveBlob } from '../../../ui/download';
import { pdfText } from '../../../ui/pdfText';

/** A photo of the answers, saved as `{code}_{d}-{s}-{q}_{question}_{n}.jpg`. */
export async function downloadPhoto(code: string, numbers: [number, number, number], questionName: string, index: number, url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  saveBlob(await response.blob(), photoFileName(code, ...numbers, questionName, index + 1));
}

/** `GET /user-moves/{id}/assets?type=image`, saved as a file named after the type. */
export async function downloadAssets(moveId: number, type = 'image'): Promise<void> {
  const blob = await request<Blob>(USER_MOVES_PATHS.assets.replace(':id', String(moveId)), { query: { type } });
  saveBlob(blob, `${type}.zip`);
}

const answerText = (answered: AnsweredQuestionnaire, questionId: string): string => {
  const q = numberedQuestions(answered.questionnaire.dimensions).find((n) => n.question._id === questionId)!.question;
  const reply = answered.replies[questionId];
  if (q.type === 'photographs') return `${photosOf(reply).length} foto(s)`;
  // The review's and the report's text of an answer: an amount as the console writes figures ('1.250,5').
  if (q.type === 'text' || q.type === 'amount') return reply?.replyData === null || reply?.replyData === undefined ? 'Sin respuesta' : replyText(q, reply);
  const ids = chosenAnswerIds(reply);
  return (
    q.answers
      .filter((a) => ids.includes(a._id))
      .map((a) => a.answer)
      .join(', ') || 'Sin respuesta'
  );
};

/** 'YYYYMMDDHHmmss' in Argentina, as the console shows every date. */
const stamp = (d = new Date()) => {
  const { date, time } = fileStamp(d);
  return date + time;
};

/** One line of the move's PDF: its text, font size and weight. */
export interface PdfLine {
  text: string;
  size: number;
  bold: boolean;
  /** Space before it (mm), past the line above. */
  gap?: number;
}

/**
 * What the move's PDF says, line by line: its details, the reason of its current status (as the
 * 'Información' card shows it: a cancelled, rescued and approved move has none) and every answer.
 */
export function pdfLines(move: MoveDetail, answered: AnsweredQuestionnaire | undefined): PdfLine[] {
  const lines: PdfLine[] = [];
  // As the PDF's standard font can print it (`pdfText`): one character outside it garbles the whole line.
  const line = (text: string, size = 10, bold = false, gap?: number) => lines.push({ text: pdfText(text), size, bold, ...(gap ? { gap } : {}) });
  const { locations: place, projects: project } = move.projectLocation;
  line(`Move cod. ${move.code}`, 16, true);
  line(`Estado: ${move.status.name}    Resultado: ${formatScore(move.questionnaireResult)}`, 11);
  line(`Cliente: ${project.campaigns?.client?.name ?? project.client?.name ?? '-'}    Campaña: ${project.campaigns?.name ?? '-'}    Proyecto: ${project.name}`);
  line(`Punto de venta: ${place.fullName} (${place.clientLocationName}) - ${[place.street, place.city, place.state].filter(Boolean).join(', ')}, Argentina`);
  line(`Getter: ${move.user?.fullName ?? '-'}    Agente de calidad: ${move.assignedAgent?.fullName ?? '-'}`);
  const visitDate = visitDateOf(move);
  line(`Fecha de visita: ${visitDate ? formatDisplayDate(visitDate, true) : '-'}    Fin del análisis: ${move.finishAnalysisDate ? formatDisplayDate(move.finishAnalysisDate, true) : '-'}`);
  const reason = statusReason(move);
  if (reason) line(`Motivo: ${reason}`);
  answered?.questionnaire.dimensions.forEach((d, di) => {
    line(`${di + 1}. ${d.name}`, 13, true, di === 0 ? 3 : undefined);
    d.subDimensions.forEach((s, si) => {
      line(`${di + 1}.${si + 1} ${s.name}`, 11, true);
      s.questions.forEach((q, qi) => {
        line(`${di + 1}.${si + 1}.${qi + 1} ${q.name} (${QUESTION_TYPE_LABELS[q.type]})`, 10, true);
        line(`Respuesta: ${answerText(answered, q._id)}`);
        const observation = answered.replies[q._id]?.replyObservation;
        if (observation) line(`Observación: ${observation}`);
      });
    });
  });
  return lines;
}

/** The move as a PDF, `move_{code}_{timestamp}.pdf`: `pdfLines`, wrapped to the page. */
export async function downloadPdf(move: MoveDetail, answered: AnsweredQuestionnaire | undefined): Promise<string> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth() - 30;
  let y = 18;
  for (const { text, size, bold, gap } of pdfLines(move, answered)) {
    y += gap ?? 0;
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    for (const wrapped of doc.splitTextToSize(text, width) as string[]) {
      if (y > 280) {
        doc.addPage();
        y = 18;
      }
      doc.text(wrapped, 15, y);
      y += size * 0.45;
    }
    y += 1;
  }
  const name = `move_${move.code}_${stamp()}.pdf`;
  doc.save(name);
  return name;
}
