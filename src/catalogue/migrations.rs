//! Schema migrations, counted by `PRAGMA user_version`. Append only: a released migration is
//! never edited, because databases in the wild have already run it.

/// Migration *i* (1-based) takes the schema from version *i - 1* to *i*.
pub const MIGRATIONS: &[&str] = &[
    // 1: catalogue tables. User tables never reference them with foreign keys, so the
    // catalogue can be replaced wholesale when the embedded data changes.
    "CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE cards (
        id TEXT PRIMARY KEY COLLATE NOCASE,
        position INTEGER NOT NULL,
        name_key TEXT NOT NULL,
        \"set\" TEXT NOT NULL, number TEXT NOT NULL, gemp_id TEXT,
        title TEXT NOT NULL, subtitle TEXT,
        side TEXT NOT NULL, type TEXT NOT NULL, starship_class TEXT, rarity TEXT NOT NULL,
        dots TEXT, diamond TEXT, stackable TEXT,
        counters INTEGER, power TEXT, planet TEXT, bonus TEXT, damage INTEGER, destiny INTEGER,
        counters2 INTEGER, destiny2 INTEGER,
        use1_who TEXT, use1_dots INTEGER, use1_cubes INTEGER,
        use2_who TEXT, use2_dots INTEGER, use2_cubes INTEGER,
        use3_who TEXT, use3_dots INTEGER, use3_cubes INTEGER,
        replaces TEXT, traits TEXT, ability TEXT, checked TEXT
    );
    CREATE TABLE printings (
        id INTEGER PRIMARY KEY,
        card_id TEXT NOT NULL COLLATE NOCASE,
        finish TEXT NOT NULL,
        foil_number TEXT, foil_tier TEXT, source TEXT, gemp_id TEXT, note TEXT
    );
    CREATE INDEX printings_card ON printings(card_id);",
    // 2: collections. One table holds every list of every named collection (owned copies,
    // wants, keep reserves), keyed by printing; card ids are checked in code, never by a
    // foreign key, because the catalogue is replaced wholesale. The history is append-only
    // (triggers refuse UPDATE and DELETE) so `undo` can always find what changed.
    "CREATE TABLE collection_items (
        collection TEXT NOT NULL,
        list TEXT NOT NULL CHECK (list IN ('owned', 'want', 'keep')),
        card_id TEXT NOT NULL,
        finish TEXT NOT NULL CHECK (finish IN ('regular', 'foil')),
        qty INTEGER NOT NULL CHECK (qty BETWEEN 0 AND 9999 AND (qty > 0 OR list = 'keep')),
        condition TEXT,
        note TEXT,
        PRIMARY KEY (collection, list, card_id, finish)
    ) WITHOUT ROWID;
    CREATE TABLE collection_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        collection TEXT NOT NULL,
        time TEXT NOT NULL,
        command TEXT NOT NULL,
        undoes INTEGER,
        changes TEXT NOT NULL
    );
    CREATE INDEX collection_history_by_collection ON collection_history(collection, id);
    CREATE INDEX collection_history_undoes ON collection_history(undoes);
    CREATE TRIGGER collection_history_no_update BEFORE UPDATE ON collection_history
    BEGIN SELECT RAISE(ABORT, 'the collection history is append-only'); END;
    CREATE TRIGGER collection_history_no_delete BEFORE DELETE ON collection_history
    BEGIN SELECT RAISE(ABORT, 'the collection history is append-only'); END;",
    // 3: redo. A redo entry names the undo it reverts; an undo of a redo names the redo in
    // `undoes`, as for any change. Older entries keep NULL (no redo was ever made), and a yj
    // that knows only version 2 refuses this database rather than misreading its history.
    "ALTER TABLE collection_history ADD COLUMN redoes INTEGER;
    CREATE INDEX collection_history_redoes ON collection_history(redoes);",
    // 4: which foil printing. A card with two foil printings (a Reflections reprint and its
    // own-number foil) needs the release of the foil a row holds: `printing` is that release's
    // code (`RF`, `DF`), and `''` where the card has one foil printing, for regular copies, and
    // for foils recorded before this column existed ("printing not recorded"; they are never
    // silently assigned to one printing). The key gains the column, so SQLite needs the table
    // rebuilt; every row is copied with `''`, which is what the history's entries (written
    // without a printing) name, so undo and redo still find them.
    "CREATE TABLE collection_items_v4 (
        collection TEXT NOT NULL,
        list TEXT NOT NULL CHECK (list IN ('owned', 'want', 'keep')),
        card_id TEXT NOT NULL,
        finish TEXT NOT NULL CHECK (finish IN ('regular', 'foil')),
        qty INTEGER NOT NULL CHECK (qty BETWEEN 0 AND 9999 AND (qty > 0 OR list = 'keep')),
        condition TEXT,
        note TEXT,
        printing TEXT NOT NULL DEFAULT '' CHECK (printing = '' OR finish = 'foil'),
        PRIMARY KEY (collection, list, card_id, finish, printing)
    ) WITHOUT ROWID;
    INSERT INTO collection_items_v4 (collection, list, card_id, finish, qty, condition, note)
        SELECT collection, list, card_id, finish, qty, condition, note FROM collection_items;
    DROP TABLE collection_items;
    ALTER TABLE collection_items_v4 RENAME TO collection_items;",
    // 5: the same table with a rowid and the key as a UNIQUE constraint. SQLite 3.40's
    // `PRAGMA integrity_check` (Debian 12's `sqlite3`, and Python's module built on it)
    // reports "NULL value in collection_items.qty" on every row of the WITHOUT ROWID table, a
    // false alarm of that version that makes a sound database look corrupt; a rowid table is
    // checked right by every version. Nothing else changes: same columns, same order.
    "CREATE TABLE collection_items_v5 (
        collection TEXT NOT NULL,
        list TEXT NOT NULL CHECK (list IN ('owned', 'want', 'keep')),
        card_id TEXT NOT NULL,
        finish TEXT NOT NULL CHECK (finish IN ('regular', 'foil')),
        qty INTEGER NOT NULL CHECK (qty BETWEEN 0 AND 9999 AND (qty > 0 OR list = 'keep')),
        condition TEXT,
        note TEXT,
        printing TEXT NOT NULL DEFAULT '' CHECK (printing = '' OR finish = 'foil'),
        UNIQUE (collection, list, card_id, finish, printing)
    );
    INSERT INTO collection_items_v5
        (collection, list, card_id, finish, qty, condition, note, printing)
        SELECT collection, list, card_id, finish, qty, condition, note, printing
        FROM collection_items;
    DROP TABLE collection_items;
    ALTER TABLE collection_items_v5 RENAME TO collection_items;",
    // 6: lots. One printing may hold several lots (2 near-mint, 1 damaged and signed), told
    // apart by `lot` (0 for the first); a lot also records the price paid for each copy
    // (`price`, in hundredths; NULL: not recorded) and the built deck its copies are in
    // (`deck`; NULL: free). The key gains `lot`, so the table is rebuilt; every row is copied
    // as lot 0 with no price and no deck, which is what the history's entries (written
    // without a lot) name, so undo and redo still find them. Only owned copies have lots.
    "CREATE TABLE collection_items_v6 (
        collection TEXT NOT NULL,
        list TEXT NOT NULL CHECK (list IN ('owned', 'want', 'keep')),
        card_id TEXT NOT NULL,
        finish TEXT NOT NULL CHECK (finish IN ('regular', 'foil')),
        qty INTEGER NOT NULL CHECK (qty BETWEEN 0 AND 9999 AND (qty > 0 OR list = 'keep')),
        condition TEXT,
        note TEXT,
        printing TEXT NOT NULL DEFAULT '' CHECK (printing = '' OR finish = 'foil'),
        lot INTEGER NOT NULL DEFAULT 0 CHECK (lot >= 0 AND (lot = 0 OR list = 'owned')),
        price INTEGER CHECK (price IS NULL OR (price BETWEEN 0 AND 100000000 AND list = 'owned')),
        deck TEXT CHECK (deck IS NULL OR (deck <> '' AND list = 'owned')),
        UNIQUE (collection, list, card_id, finish, printing, lot)
    );
    INSERT INTO collection_items_v6
        (collection, list, card_id, finish, qty, condition, note, printing)
        SELECT collection, list, card_id, finish, qty, condition, note, printing
        FROM collection_items;
    DROP TABLE collection_items;
    ALTER TABLE collection_items_v6 RENAME TO collection_items;",
];

/// The schema version this build of `yj` writes.
pub fn latest() -> i64 {
    MIGRATIONS.len() as i64
}
