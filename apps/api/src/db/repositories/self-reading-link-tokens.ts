import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type LinkToken = { tokenHash: string; linkId: string; purpose: string; createdAt: string };

/**
 * Stores a further token of a link unless the link already has one for this purpose; answers whether
 * it was stored. The unique (link_id, purpose) decides, so two instances at once store one.
 */
export async function insertLinkTokenOnce(db: Kysely<Database>, token: LinkToken): Promise<boolean> {
  const result = await db
    .insertInto('self_reading_link_tokens')
    .values({
      token_hash: token.tokenHash,
      link_id: token.linkId,
      purpose: token.purpose,
      created_at: token.createdAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * `insertLinkTokenOnce` for many links in one statement; answers the links whose token was stored
 * now, the others had one for their purpose already.
 */
export async function insertLinkTokensOnce(
  db: Kysely<Database>,
  tokens: readonly LinkToken[],
): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .insertInto('self_reading_link_tokens')
    .values(
      tokens.map((token) => ({
        token_hash: token.tokenHash,
        link_id: token.linkId,
        purpose: token.purpose,
        created_at: token.createdAt,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning('link_id')
    .execute();
  return new Set(rows.map((row) => row.link_id));
}
