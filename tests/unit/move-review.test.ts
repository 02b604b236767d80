/** The review's rules shared by console and server: the dialogs' fields, the filters, the answers' completeness, the score. */
import { describe, expect, it } from 'vitest';
import {
  approveVideoUrl,
  codeToId,
  dateRangeProblems,
  minimumAttachmentsProblem,
  editedVideoUrl,
  exportFileName,
  MOVE_FORM_TEXT as T,
  moveFilter,
  moveListQuery,
  photoRemovalNeedsReason,
  reasonProblem,
  reportQuery,
  returnBody,
  searchFilter,
  submitBody,
} from '../../domain/move-forms';
import { amountOf, amountProblem, emptyReply, misfitMessage, type MoveReplies, numberedQuestions, onlyPhotosMissing, REPLY_TEXT, REPLY_TEXT_MAX, replyFits, replyProblems, saysAnything } from '../../domain/move-replies';
import { rescuedReview } from '../../domain/moves';
import { questionnaireResult } from '../../domain/questionnaire-result';
import { defaultAnswers, type Dimension, newQuestion, type Question, withType } from '../../domain/questionnaires';
import { mergeAgentEdit, score } from '../../server/services/moves/replies';
import { zipEntryName } from '../../server/services/moves/report';

const message = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error!.issues[0].message;
};

describe('the review dialogs', () => {
  it('checks the approval video URL: required, no spaces, 5 to 250 characters', () => {
    expect(message(approveVideoUrl, '')).toBe(T.fieldRequired);
    expect(message(approveVideoUrl, 'https://x.test/a b.mp4')).toBe(T.urlSpaces);
    expect(message(approveVideoUrl, ' https://x.test/a.mp4')).toBe(T.urlSpaces);
    expect(message(approveVideoUrl, 'a.bc')).toBe(T.tooShort);
    expect(message(approveVideoUrl, `https://x.test/${'a'.repeat(240)}`)).toBe(T.tooLong);
    expect(message(approveVideoUrl, 'https://x.test/a.mp4')).toBeNull();
    // Each link is told one problem: an empty one only that it is required.
    const issues = (schema: typeof approveVideoUrl, value: string) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(issues(approveVideoUrl, '')).toEqual([T.fieldRequired]);
    // Spaces alone are no link: required, not 'no puede contener espacios'.
    expect(issues(approveVideoUrl, '   ')).toEqual([T.fieldRequired]);
    expect(issues(approveVideoUrl, '\t \n')).toEqual([T.fieldRequired]);
    expect(issues(editedVideoUrl, '   ')).toEqual([T.emptyVideo]);
    expect(issues(approveVideoUrl, 'www.x')).toEqual([T.videoNotWeb]);
    // Characters as a person counts them: 250 with accents or emoji pass, 251 do not.
    const counted = (n: number) => `https://x.test/${'ñ😀'.repeat(n)}`;
    expect([...counted(117)].length).toBe(249);
    expect(message(approveVideoUrl, `${counted(117)}a`)).toBeNull();
    expect(message(approveVideoUrl, `${counted(117)}ab`)).toBe(T.tooLong);
  });

  it("tells a return's or an approved edit's reason its first problem ('Campo requerido', 'El campo es demasiado largo')", () => {
    expect(reasonProblem('')).toBe('Campo requerido');
    expect(reasonProblem(' \u0001 ')).toBe('Campo requerido');
    expect(reasonProblem('x'.repeat(2001))).toBe('El campo es demasiado largo');
    // Spaces around do not count: what is kept is trimmed.
    expect(reasonProblem(` ${'x'.repeat(2000)} `)).toBeUndefined();
    expect(reasonProblem('Falta la foto de la góndola.')).toBeUndefined();
  });

  it('refuses a link to a file of the move as the video: it is signed for an hour', () => {
    for (const link of ['/api/files/moves/12/video.mp4?exp=1767225600&sig=abc', 'https://campo.test/api/files/moves/12/v.mp4?exp=1&sig=x', 'http://localhost:8080/API/files/a.mp4']) {
      expect(message(approveVideoUrl, link), link).toBe(T.storedVideo);
      expect(message(editedVideoUrl, link), link).toBe(T.storedVideo);
    }
    for (const link of ['https://www.dropbox.com/s/abc/api/files/v.mp4', 'https://youtu.be/abc', 'https://campo.test/apifiles/x']) expect(message(approveVideoUrl, link), link).toBeNull();
  });

  it('wants a web address as the video, which the move’s screens open as a link; a short or spaced one keeps its own message', () => {
    for (const link of ['www.youtube.com/watch?v=abc', 'javascript:alert(1)', 'ftp://x.test/v.mp4', '\u0001\u0002\u0003\u0004\u0005']) {
      expect(message(approveVideoUrl, link), link).toBe(T.videoNotWeb);
      expect(message(editedVideoUrl, link), link).toBe(T.videoNotWeb);
    }
    expect(message(editedVideoUrl, '  www.youtube.com/watch?v=abc ')).toBe(T.videoNotWeb);
    expect(message(approveVideoUrl, 'a.b')).toBe(T.tooShort);
    expect(message(approveVideoUrl, 'www.x.test/a b')).toBe(T.urlSpaces);
    expect(message(editedVideoUrl, 'HTTP://X.TEST/V.MP4')).toBeNull();
  });

  it('trims the edited video URL and refuses it empty', () => {
    expect(message(editedVideoUrl, '   ')).toBe(T.emptyVideo);
    expect(editedVideoUrl.parse('  https://x.test/v.mp4 ')).toBe('https://x.test/v.mp4');
  });

  it('needs a flagged question and a reason to return', () => {
    const r = returnBody.safeParse({ id: 1, reason: ' ', questions: [] });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ reason: T.required, questions: T.flagOne });
  });

  it('asks a reason to remove a photo from an approved move only (an edit of what was approved)', () => {
    expect(photoRemovalNeedsReason('APROBADA')).toBe(true);
    for (const status of ['EN_REVISION', 'DESAPROBADA', 'RECHAZADA']) expect(photoRemovalNeedsReason(status), status).toBe(false);
  });

  it('accepts only letters, digits, underscores and hyphens as an export name', () => {
    expect(message(exportFileName, '')).toBe(T.fileName);
    expect(message(exportFileName, 'mis moves')).toBe(T.fileNameChars);
    expect(message(exportFileName, 'moves_2026-05')).toBeNull();
    expect(message(exportFileName, 'reporte_ñandú-Año')).toBeNull();
    for (const bad of ['a/b', 'a.b', 'moves²', 'a\u0000b']) expect(message(exportFileName, bad)).toBe(T.fileNameChars);
  });
});

describe('the list filters', () => {
  it("takes 'Adjuntos mínimos' empty or as a whole number, and says anything else", () => {
    for (const ok of ['', '  ', '0', '3', ' 12 ']) expect(minimumAttachmentsProblem(ok), ok).toBeNull();
    for (const bad of ['2.5', '-1', '1e2', 'tres', '2,5']) expect(minimumAttachmentsProblem(bad), bad).toBe(T.minimumAttachments);
  });

  it('wants both dates or neither, the end not before the start', () => {
    expect(dateRangeProblems('', '')).toEqual({});
    expect(dateRangeProblems('01/05/2026', '')).toEqual({ to: T.bothDates });
    expect(dateRangeProblems('', '01/05/2026')).toEqual({ from: T.bothDates });
    expect(dateRangeProblems('02/05/2026', '01/05/2026')).toEqual({ to: T.endBeforeStart });
    expect(dateRangeProblems('31/02/2026', '01/05/2026')).toEqual({ from: 'Debe ingresar fecha válida.' });
    expect(dateRangeProblems('01/05/2026', '01/05/2026')).toEqual({});
    expect(moveListQuery.safeParse({ fromDate: '2026-05-01' }).success).toBe(false);
    expect(moveListQuery.parse({ fromDate: '2026-05-01', toDate: '2026-05-02' })).toMatchObject({ limit: 10, offset: 0, order: 'DESC' });
  });

  it("filters by an agent or by 'Sin agente', never both; 'Sin agente' as the query's text or a mass assignment's true", () => {
    expect(moveListQuery.parse({ withoutAgent: 'true' }).withoutAgent).toBe(true);
    expect(moveListQuery.parse({ withoutAgent: 'false' }).withoutAgent).toBe(false);
    expect(moveFilter.parse({ withoutAgent: true, statusId: 'EN_REVISION' })).toEqual({ withoutAgent: true, statusId: 'EN_REVISION' });
    expect(message(moveListQuery, { withoutAgent: 'si' })).toBe(T.withoutAgentValue);
    for (const schema of [moveListQuery, moveFilter]) {
      const both = schema.safeParse({ withoutAgent: true, assignedAgentId: 3 });
      expect(both.success).toBe(false);
      expect(both.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['withoutAgent', T.agentOrWithout]]);
      expect(schema.safeParse({ withoutAgent: false, assignedAgentId: 3 }).success).toBe(true);
    }
  });

  it('searches numbers by code and texts by point of sale', () => {
    expect(searchFilter('123')).toEqual({ code: '123' });
    expect(searchFilter('M-0000123')).toEqual({ code: 'M-0000123' });
    expect(searchFilter('Palermo')).toEqual({ clientLocationName: 'Palermo' });
    expect(searchFilter('  ')).toEqual({});
    expect(codeToId('M-0000123')).toBe(123);
    expect(codeToId('m123')).toBe(123);
    expect(codeToId('0')).toBeNull();
    expect(codeToId('abc')).toBeNull();
  });

  it('asks the performance report for at least one client', () => {
    expect(message(reportQuery, {})).toBe(T.pickClient);
    expect(message(reportQuery, { clientId: ' , ' })).toBe(T.pickClient);
    // A part that is no id refuses the whole list (it used to be dropped, reporting the rest as the choice).
    expect(message(reportQuery, { clientId: 'x,' })).toBe(T.badClientList);
    expect(reportQuery.parse({ clientId: '3,4' }).clientId).toEqual([3, 4]);
    // Repeated in the address (`clientId=3&clientId=4`), it arrives as a list: told the form, not to pick one.
    expect(message(reportQuery, { clientId: ['3', '4'] })).toBe(T.badClientList);
  });
});

const q = (id: string, type: Parameters<typeof withType>[1], extra: Partial<Question> = {}): Question => ({ ...withType(newQuestion(), type), _id: id, name: `Pregunta ${id}`, answerRequired: true, ...extra });
const close = q('a', 'close', { weighting: 60 });
const commented = q('b', 'open', { weighting: 40, answers: defaultAnswers('open').map((a, i) => ({ ...a, weighting: [100, 0][i], hasCommentary: i === 1 })) });
const photo = q('c', 'photographs', { answers: [{ ...defaultAnswers('photographs')[0], answer: '2' }] });
const optional = q('d', 'text', { answerRequired: false });
const dims: Dimension[] = [{ _id: 'd1', name: 'Atención', weighting: 100, type: 'NORMAL', subDimensions: [{ _id: 's1', name: 'Trato', weighting: 100, type: 'NORMAL', questions: [close, commented, photo, optional] }] }];
const reply = (replyData: MoveReplies[string]['replyData'], replyObservation: string | null = null) => ({ ...emptyReply(), replyData, replyObservation });
const yes = close.answers[0]._id;

describe('the answers’ completeness', () => {
  it('numbers the questions by dimension, sub-dimension and position', () => {
    expect(numberedQuestions(dims).map((n) => n.label)).toEqual(['1.1.1 Pregunta a', '1.1.2 Pregunta b', '1.1.3 Pregunta c', '1.1.4 Pregunta d']);
  });

  it('wants every required answer, the photos asked for, and an observation where the answer asks for one', () => {
    const replies: MoveReplies = { a: reply(null), b: reply(commented.answers[1]._id), c: reply(['store:x.png']) };
    const problems = replyProblems(dims, replies, { rescued: false });
    expect(problems.map((p) => [p.label, p.field, p.message])).toEqual([
      ['1.1.1 Pregunta a', 'replyData', REPLY_TEXT.answerRequired],
      ['1.1.2 Pregunta b', 'replyObservation', REPLY_TEXT.required],
      ['1.1.3 Pregunta c', 'replyData', REPLY_TEXT.missingPhotos],
    ]);
    expect(onlyPhotosMissing(problems)).toBe(false);
    const fixed = { ...replies, a: reply(yes), b: reply(commented.answers[1]._id, 'Lo confirmó el encargado') };
    expect(onlyPhotosMissing(replyProblems(dims, fixed, { rescued: false }))).toBe(true);
    // A rescued move does not require its photos.
    expect(replyProblems(dims, fixed, { rescued: true })).toEqual([]);
  });

  it('holds a written answer and an observation to what a reply keeps (5000 characters), as the server does', () => {
    const fixed: MoveReplies = { a: reply(yes), b: reply(commented.answers[1]._id, 'Lo confirmó el encargado'), c: reply(['store:x.png', 'store:y.png']) };
    const long = 'x'.repeat(REPLY_TEXT_MAX + 1);
    const over = replyProblems(dims, { ...fixed, a: reply(yes, long), d: reply(long) }, { rescued: true });
    expect(over.map((p) => [p.label, p.field, p.message, p.photo])).toEqual([
      ['1.1.1 Pregunta a', 'replyObservation', REPLY_TEXT.tooLong, false],
      ['1.1.4 Pregunta d', 'replyData', REPLY_TEXT.tooLong, false],
    ]);
    expect(replyProblems(dims, { ...fixed, a: reply(yes, long.slice(1)), d: reply(long.slice(1)) }, { rescued: true })).toEqual([]);
  });

  it('holds the Getter’s send to the questions its app shows, photos and evidence always, and a rescue does not excuse them', () => {
    const agentOnly = q('e', 'text', { visibleToGetter: false });
    const evidence = q('f', 'close', { allowPhotoEvidence: true, photoEvidenceRequired: true, answerRequired: false });
    const withHidden: Dimension[] = [{ ...dims[0], subDimensions: [{ ...dims[0].subDimensions[0], questions: [close, photo, agentOnly, evidence] }] }];
    const sent: MoveReplies = { a: reply(yes), c: reply(['https://fotos.test/1.jpg']), f: reply(evidence.answers[1]._id) };
    const lines = (check: Parameters<typeof replyProblems>[2]) => replyProblems(withHidden, sent, check).map((p) => [p.label, p.field, p.message, p.photo]);
    expect(lines({ rescued: false, getter: true })).toEqual([
      ['1.1.2 Pregunta c', 'replyData', REPLY_TEXT.missingPhotos, true],
      ['1.1.4 Pregunta f', 'evidences', REPLY_TEXT.missingEvidence, true],
    ]);
    // `rescued` is the agent's exemption: the Getter's own send never has it.
    expect(lines({ rescued: true, getter: true })).toEqual(lines({ rescued: false, getter: true }));
    // The agent answers its own question; a rescued move's photos and evidences are not asked of the agent.
    expect(lines({ rescued: true })).toEqual([['1.1.3 Pregunta e', 'replyData', REPLY_TEXT.answerRequired, false]]);
    const complete = { ...sent, c: reply(['https://fotos.test/1.jpg', 'https://fotos.test/2.jpg']), f: { ...reply(evidence.answers[1]._id), evidences: ['https://fotos.test/3.jpg'] } };
    expect(replyProblems(withHidden, complete, { rescued: false, getter: true })).toEqual([]);
    // An evidence is asked of an answered (or required) question only: left unanswered, an optional one wants none.
    expect(replyProblems(withHidden, { ...complete, f: reply(null) }, { rescued: false, getter: true })).toEqual([]);
    // The agent cannot add an evidence: its edit is not held to one, rescued or not, nor on its own questions.
    const agentEvidence = q('g', 'text', { visibleToGetter: false, allowPhotoEvidence: true, photoEvidenceRequired: true });
    const withAgentEvidence: Dimension[] = [{ ...dims[0], subDimensions: [{ ...dims[0].subDimensions[0], questions: [close, evidence, agentEvidence] }] }];
    expect(replyProblems(withAgentEvidence, { a: reply(yes), f: reply(evidence.answers[1]._id), g: reply('Visto') }, { rescued: false })).toEqual([]);
  });

  it('excuses a rescued move’s photos only while its review is the rescue’s', () => {
    expect(rescuedReview({ rescueUserId: 4 })).toBe(true);
    expect(rescuedReview({ rescueUserId: null })).toBe(false);
  });

  it('knows which data fits which question', () => {
    expect(replyFits(close, yes)).toBe(true);
    expect(replyFits(close, 'otra')).toBe(false);
    expect(replyFits(close, [yes])).toBe(false);
    expect(replyFits(q('m', 'multiple'), [])).toBe(true);
    expect(replyFits(q('n', 'amount'), '3.5')).toBe(true);
    expect(replyFits(q('n', 'amount'), 'tres')).toBe(false);
    expect(replyFits(optional, null)).toBe(true);
  });

  it('takes an amount of zero or more, typed with either separator; not a range, a sign or NaN', () => {
    const amount = q('n', 'amount');
    for (const ok of ['0', '12', '12.5', '12,5', ' 7 ', '', 0, 4.25]) expect(replyFits(amount, ok), String(ok)).toBe(true);
    for (const bad of ['1-2', '-3', '1.2.3', '+4', '1e3', Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(replyFits(amount, bad), String(bad)).toBe(false);
    // The review lists it before sending, whether the question is required or not.
    const amountDims: Dimension[] = [{ ...dims[0], subDimensions: [{ ...dims[0].subDimensions[0], questions: [{ ...amount, answerRequired: false }] }] }];
    expect(replyProblems(amountDims, { n: reply('1-2') }, { rescued: false }).map((p) => p.message)).toEqual([REPLY_TEXT.invalidAmount]);
    expect(replyProblems(amountDims, { n: reply('12,5') }, { rescued: false })).toEqual([]);
    // The server stores what was typed as a number, and refuses what is no amount.
    expect(mergeAgentEdit(amountDims, {}, { n: { replyData: '12,5', replyObservation: null } }).n.replyData).toBe(12.5);
    expect(() => mergeAgentEdit(amountDims, {}, { n: { replyData: '1-2', replyObservation: null } })).toThrow(REPLY_TEXT.invalidAmount);
  });

  it('keeps an amount exactly: up to 12 whole digits and 3 decimals, said apart from what is no number', () => {
    const amount = q('n', 'amount');
    for (const ok of ['999999999999', '999999999999.999', '0,125', 999_999_999_999, 12.5]) expect(amountProblem(ok), String(ok)).toBeNull();
    for (const long of ['99999999999999999999', '1000000000000', '1,2345', 1e13]) expect(amountProblem(long), String(long)).toBe(REPLY_TEXT.amountTooLong);
    expect(amountProblem('-5')).toBe(REPLY_TEXT.invalidAmount);
    // Never answered (a rescued move's questions) is no answer, not a wrong amount: nothing to say yet.
    expect(amountProblem(null)).toBeNull();
    expect(amountProblem(emptyReply().replyData)).toBeNull();
    expect(amountProblem(['1'])).toBe(REPLY_TEXT.invalidAmount);
    expect(amountOf('99999999999999999999')).toBeNull();
    expect(amountOf('12345678901.5')).toBe(12345678901.5);
    const amountDims: Dimension[] = [{ ...dims[0], subDimensions: [{ ...dims[0].subDimensions[0], questions: [{ ...amount, answerRequired: false }] }] }];
    expect(replyProblems(amountDims, { n: reply('99999999999999999999') }, { rescued: false }).map((p) => p.message)).toEqual([REPLY_TEXT.amountTooLong]);
    // The server refuses it with the same words, and stores nothing rounded.
    expect(() => mergeAgentEdit(amountDims, {}, { n: { replyData: '99999999999999999999', replyObservation: null } })).toThrow(REPLY_TEXT.amountTooLong);
    expect(() => mergeAgentEdit(amountDims, {}, { n: { replyData: 1e20, replyObservation: null } })).toThrow(REPLY_TEXT.amountTooLong);
    expect(mergeAgentEdit(amountDims, {}, { n: { replyData: '999999999999,999', replyObservation: null } }).n.replyData).toBe(999999999999.999);
    // One message for a misfit, wherever it is sent from (the agent's edit, the Getter's send).
    expect(misfitMessage(amount, '99999999999999999999')).toBe(REPLY_TEXT.amountTooLong);
    expect(misfitMessage(amount, '-5')).toBe(REPLY_TEXT.invalidAmount);
    expect(misfitMessage(q('c', 'close'), 'no-such-answer')).toBe(REPLY_TEXT.invalidAnswer);
  });
});

describe('the agent’s edit and its score', () => {
  const stored: MoveReplies = { a: reply(yes), b: reply(commented.answers[0]._id), c: { ...reply(['store:1.png', 'store:2.png']), hasToEdit: true } };

  it('takes answers from the edit but photos and return flags from what is stored', () => {
    const merged = mergeAgentEdit(dims, stored, { a: { replyData: close.answers[1]._id, replyObservation: null }, c: { replyData: [], replyObservation: null } });
    expect(merged.a.replyData).toBe(close.answers[1]._id);
    expect(merged.c).toMatchObject({ replyData: ['store:1.png', 'store:2.png'], hasToEdit: true });
    expect(merged.b.replyData).toBeNull();
    expect(() => mergeAgentEdit(dims, stored, { z: { replyData: null, replyObservation: null } })).toThrow(REPLY_TEXT.unknownQuestion);
    expect(() => mergeAgentEdit(dims, stored, { a: { replyData: 'nope', replyObservation: null } })).toThrow(REPLY_TEXT.invalidAnswer);
  });

  it('scores with the questionnaire’s weightings: 60 for Sí and the best option, -1 when nothing applies', () => {
    expect(score(dims, stored)).toBe(100);
    expect(score(dims, { ...stored, a: reply(close.answers[1]._id) })).toBe(40);
    expect(score(dims, { a: reply(close.answers[2]._id) })).toBe(-1);
    expect(score([], stored)).toBeNull();
    expect(score(dims, stored)).toBe(questionnaireResult({ dimensions: dims }, stored));
  });
});

describe("the Getter's video link", () => {
  const sent = (userMoveVideoLink: unknown) => submitBody.safeParse({ id: 1, replies: {}, userMoveVideoLink });
  it('is a web address or nothing: staff open it from the move', () => {
    for (const ok of ['https://www.dropbox.com/s/x/v.mp4?dl=0', 'http://videos.test/v', '', null, undefined]) expect(sent(ok).success, String(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'www.videos.test/v', 'https://a b', 'ftp://videos.test/v']) {
      const parsed = sent(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error!.issues[0].message, bad).toBe(T.videoNotWeb);
    }
  });
});


describe("an attachment's name in the move's zip", () => {
  it('is its last path segment, never a way out of the folder it is unzipped into', () => {
    expect(zipEntryName('../../etc/cron.d/x', 7)).toBe('x');
    expect(zipEntryName('..\\..\\Windows\\evil.bat', 7)).toBe('evil.bat');
    expect(zipEntryName('/abs/audio.m4a', 7)).toBe('audio.m4a');
    expect(zipEntryName('..', 7)).toBe('adjunto-7');
    expect(zipEntryName('a:b*c?.mp4', 7)).toBe('a_b_c_.mp4');
    expect(zipEntryName('grabación 1.m4a', 7)).toBe('grabación 1.m4a');
  });
});

describe('what a Getter may send to a question only the agent sees', () => {
  it('is nothing: no answer, observation or evidence (null, empty text and empty lists say nothing)', () => {
    for (const silent of [undefined, {}, { replyData: null }, { replyData: '' }, { replyData: [] }, { replyObservation: '  ' }, { evidences: [] }]) expect(saysAnything(silent), JSON.stringify(silent)).toBe(false);
    for (const said of [{ replyData: 'x' }, { replyData: 0 }, { replyData: ['https://f/1.jpg'] }, { replyObservation: 'ok' }, { evidences: ['https://f/2.jpg'] }]) expect(saysAnything(said), JSON.stringify(said)).toBe(true);
  });
});
