import type { Endpoints } from './types';

/** Spec 2 §7, Moves: the read paths the screens call directly, by name. */
export const USER_MOVES_PATHS = {
  list: '/user-moves/get/all',
  byCode: '/user-moves/get/code',
  cities: '/user-moves/get/cities',
  projects: '/user-moves/get/projects',
  replies: '/questionnaires-replyeds/get',
  repliesByAgent: '/questionnaireRepliedByAgent',
  republished: '/user-moves/republish-move',
  stock: '/user-moves/stock-moves-report',
  report: '/user-moves/report',
  assets: '/user-moves/:id/assets',
  users: '/users',
} as const;

/** The moves resource: its list, one move, and every action of the review and the assignments. */
export const userMoves: Endpoints = {
  list: { get: USER_MOVES_PATHS.list },
  one: { get: '/user-moves/get?id=:id' },
  update: { put: '/user-moves', idIn: 'body' },
  actions: {
    approve: { post: '/user-moves/accept-one' },
    reject: { post: '/user-moves/reject-one' },
    disapprove: { post: '/user-moves/disapprove-one' },
    return: { post: '/user-moves/return-one' },
    rescue: { post: '/user-moves/rescue-one' },
    republish: { post: '/user-moves/republish-move' },
    cancel: { post: '/user-moves/cancel-one' },
    reschedule: { post: '/user-moves/reschedule-one' },
    edit: { put: '/user-moves' },
    editOne: { put: '/user-moves/edit-one' },
    saveReplies: { post: '/questionnaireRepliedByAgent' },
    updateReplies: { put: '/questionnaireRepliedByAgent' },
    deletePhoto: { put: '/user-moves/delete-photo' },
    massive: { put: '/user-moves/massive' },
    massiveLocations: { post: '/user-moves/massive-locations' },
  },
};
