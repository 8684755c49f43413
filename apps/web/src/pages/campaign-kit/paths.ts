// Links between the campaign pages: the typed builders of routes/paths.ts.
import { paths } from '../../routes/paths.ts';

/** One prize's detail: /activity/sign/detail serves the prizes of every campaign. */
export const detailPath = paths.awardDetail;
