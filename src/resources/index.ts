import { campaigns } from './campaigns';
import { characteristics } from './characteristics';
import { clients } from './clients';
import type { ResourceEntry } from './define';
import { features } from './features';
import { branchOffices } from './locations';
import { movesConfig } from './movesConfig';
import { guidelines } from './guidelines';
import { motives } from './motives';
import { userMoves } from './moves';
import { paymentAdministration } from './payments';
import { projects } from './projects';
import { pushNotifications } from './push';
import { questionnaires } from './questionnaires';
import { tags } from './tags';
import { webUsers } from './webUsers';

/** Every resource of the console; App maps them onto <Resource>s. */
export const resources: ResourceEntry[] = [clients, guidelines, tags, motives, characteristics, questionnaires, webUsers, campaigns, branchOffices, features, movesConfig, projects, paymentAdministration, pushNotifications, userMoves];
