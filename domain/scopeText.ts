/**
 * What the client side says to a franchise user or zone manager in charge of no point of sale, on the
 * dashboard and in the report (a module of its own: the dashboard's bundle does not take the report's rules).
 */
export const NO_LOCATIONS_TEXT = 'No tiene puntos de venta a su cargo: pida a su ejecutivo de cuenta que se los asigne.';
