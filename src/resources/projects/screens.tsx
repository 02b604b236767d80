import { Route } from 'react-router-dom';
import { Allowed, type Screens } from '../define';
import { AssignEdit } from './AssignEdit';
import { AssignList } from './AssignList';
import { ProjectList } from './ProjectList';
import { ProjectLocationsPage } from './ProjectLocationsPage';
import { ProjectCreatePage, ProjectRecordPage } from './ProjectPages';

/**
 * /projects-campo (spec 3 §2): the list, add (and duplicate), edit, view, locations, and assignment.
 * Staff who only read projects get 'Acceso denegado' at add (and duplicate), the project to read at
 * its edit and locations addresses, and the assignment without its Getter selects.
 */
const screens: Screens = {
  list: ProjectList,
  routes: [
    <Route
      key="add"
      path="add"
      element={
        <Allowed area="projects" operation="write">
          <ProjectCreatePage />
        </Allowed>
      }
    />,
    <Route key="edit" path="edit/:id" element={<ProjectRecordPage mode="EDIT" />} />,
    <Route key="view" path="view/:id" element={<ProjectRecordPage mode="VIEW" />} />,
    <Route key="locations" path="edit/:id/locations" element={<ProjectLocationsPage />} />,
    <Route key="assign" path="assign" element={<AssignList />} />,
    <Route key="assign-edit" path="assign/edit" element={<AssignEdit />} />,
  ],
};
export default screens;
