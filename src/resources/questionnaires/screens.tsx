import { Route, useLocation } from 'react-router-dom';
import type { Screens } from '../define';
import { EditorPage } from './editor/EditorPage';
import { QuestionnaireList } from './QuestionnaireList';

/**
 * The editor anew for each address: 'Agregar cuestionario' from a copy (both /questionnaires/add) starts
 * empty, with none of the copy's version, re-applied work or recovered draft.
 */
function EditorAt({ mode }: { mode: 'ADD' | 'EDIT' }) {
  const { search } = useLocation();
  return <EditorPage key={search} mode={mode} />;
}

/** /questionnaires, /questionnaires/add (also ?action=duplicate&id=…) and /questionnaires/edit?id=…. */
const screens: Screens = {
  list: QuestionnaireList,
  routes: [<Route key="add" path="add" element={<EditorAt mode="ADD" />} />, <Route key="edit" path="edit" element={<EditorAt mode="EDIT" />} />],
};

export default screens;
