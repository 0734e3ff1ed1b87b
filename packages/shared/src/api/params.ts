import { z } from 'zod';

/** A resource id in a path: opaque, at most 100 characters. */
export const idSchema = z.string().min(1).max(100);

/** `/:id` */
export const idParams = z.object({ id: idSchema });
