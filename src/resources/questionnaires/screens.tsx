import { Route } from 'react-router-dom';
import type { Screens } from '../define';
import { EditorPage } from './editor/EditorPage';
import { QuestionnaireList } from './QuestionnaireList';

/** /questionnaires, /questionnaires/add (also ?action=duplicate&id=…) and /questionnaires/edit?id=…. */
const screens: Screens = {
  list: QuestionnaireList,
  routes: [<Route key="add" path="add" element={<EditorPage mode="ADD" />} />, <Route key="edit" path="edit" element={<EditorPage mode="EDIT" />} />],
};

export default screens;
