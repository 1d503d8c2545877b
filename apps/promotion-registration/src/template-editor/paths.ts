/** The editor's addresses (exact paths: the shell matches a remote's routes exactly, so the id is a query). */
export const OPS_LIST_PATH = '/ops/templates';
export const OPS_EDIT_PATH = '/ops/templates/edit';

export function editPath(id: number | null): string {
  return id === null ? OPS_EDIT_PATH : `${OPS_EDIT_PATH}?id=${id}`;
}
