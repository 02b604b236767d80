import { Route } from 'react-router-dom';
import type { Screens } from '../define';
import { FeatureList } from './FeatureList';
import { FeatureCreatePage, FeatureRecordPage } from './FeaturePages';

/** 'Banco de atributos' (/features): every client's attributes, with a client filter. */
const screens: Screens = {
  list: () => <FeatureList base="/features" title="Banco de atributos" />,
  routes: [
    <Route key="add" path="add" element={<FeatureCreatePage base="/features" />} />,
    <Route key="edit" path="edit/:id" element={<FeatureRecordPage base="/features" mode="EDIT" />} />,
    <Route key="view" path="view/:id" element={<FeatureRecordPage base="/features" mode="VIEW" />} />,
  ],
};
export default screens;
