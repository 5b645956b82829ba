import type { PresenceEntry } from "./protocol";

/** A presence entry as held on the server: which instance holds its socket, and its account. */
export type StoredEntry = PresenceEntry & { instance: string; accountId: string };

export type PresenceDiff = { accountId: string; joins: StoredEntry[]; leaves: string[] };

/**
 * Who is online, per account, across every instance: this instance's own entries and those
 * other instances announced on the bus. Changes are collected per account and handed out as
 * net differences against what the sockets were last told, so a burst (an instance's state
 * arriving again after a reconnect) reaches browsers as one small diff, or none at all.
 */
export function createPresenceStore() {
  const byAccount = new Map<string, Map<string, StoredEntry>>();
  const instances = new Map<string, { lastSeen: number; keys: Map<string, string> }>();
  const dirty = new Set<string>();
  const told = new Map<string, Set<string>>();

  function instanceOf(name: string, now = Date.now()) {
    let record = instances.get(name);
    if (!record) {
      record = { lastSeen: now, keys: new Map() };
      instances.set(name, record);
    }
    return record;
  }

  function remove(key: string) {
    for (const record of instances.values()) {
      const accountId = record.keys.get(key);
      if (accountId === undefined) continue;
      record.keys.delete(key);
      byAccount.get(accountId)?.delete(key);
      if (byAccount.get(accountId)?.size === 0) byAccount.delete(accountId);
      dirty.add(accountId);
      return true;
    }
    return false;
  }

  function dropInstance(name: string) {
    const record = instances.get(name);
    if (!record) return;
    for (const key of record.keys.keys()) remove(key);
    instances.delete(name);
  }

  return {
    put(entry: StoredEntry, now = Date.now()) {
      const record = instanceOf(entry.instance, now);
      record.lastSeen = now;
      record.keys.set(entry.key, entry.accountId);
      let entries = byAccount.get(entry.accountId);
      if (!entries) {
        entries = new Map();
        byAccount.set(entry.accountId, entries);
      }
      entries.set(entry.key, entry);
      dirty.add(entry.accountId);
    },
    remove,
    /** Everything an instance announced: it shut down, restarted, or fell silent. */
    dropInstance,
    /** An instance spoke on the bus (its entries stay while it keeps speaking). */
    touch(name: string, now = Date.now()) {
      instanceOf(name, now).lastSeen = now;
    },
    /** Drops other instances silent for longer than `maxSilenceMs`; returns their names. */
    expire({
      self,
      maxSilenceMs,
      now = Date.now(),
    }: {
      self: string;
      maxSilenceMs: number;
      now?: number;
    }) {
      const gone = [...instances.entries()]
        .filter(([name, record]) => name !== self && now - record.lastSeen > maxSilenceMs)
        .map(([name]) => name);
      for (const name of gone) dropInstance(name);
      return gone;
    },
    /** Forgets every other instance's entries (after a lost bus connection). */
    dropOthers(self: string) {
      for (const name of instances.keys()) if (name !== self) dropInstance(name);
    },
    entries(accountId: string): StoredEntry[] {
      return [...(byAccount.get(accountId)?.values() ?? [])];
    },
    entriesOf(instance: string): StoredEntry[] {
      const record = instances.get(instance);
      if (!record) return [];
      return [...record.keys.entries()].flatMap(([key, accountId]) => {
        const entry = byAccount.get(accountId)?.get(key);
        return entry ? [entry] : [];
      });
    },
    /** Net changes per account since the last call. */
    takeDiffs(): PresenceDiff[] {
      const diffs: PresenceDiff[] = [];
      for (const accountId of dirty) {
        const current = byAccount.get(accountId) ?? new Map<string, StoredEntry>();
        const before = told.get(accountId) ?? new Set<string>();
        const joins = [...current.values()].filter((entry) => !before.has(entry.key));
        const leaves = [...before].filter((key) => !current.has(key));
        if (current.size === 0) told.delete(accountId);
        else told.set(accountId, new Set(current.keys()));
        if (joins.length || leaves.length) diffs.push({ accountId, joins, leaves });
      }
      dirty.clear();
      return diffs;
    },
  };
}

export type PresenceStore = ReturnType<typeof createPresenceStore>;
