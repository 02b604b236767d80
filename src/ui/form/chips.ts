/**
 * The props of a chip of a multiple Autocomplete's value (`getItemProps({ index })`): with its cross
 * while the input can change, without it when the input is off (a form in view mode, a field read
 * only). MUI draws the cross of a disabled input's chips greyed out, which still says "removable".
 */
export const chipProps = <P extends { onDelete?: unknown }>(props: P, off: boolean | undefined): P => (off ? { ...props, onDelete: undefined } : props);
