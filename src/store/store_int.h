/* Private to src/store: the store's layout and the helpers its files share. */
#ifndef MLDIAG_STORE_INT_H
#define MLDIAG_STORE_INT_H

#include "core/map.h"
#include "mldiag/store.h"

/* What a key of the current input resolves to, cached by its raw bytes.
 * The series is created with the key's first point, so keys of records
 * that are dropped leave nothing behind. */
/* Flags decided once per key rather than per record (store.c): what a key
 * adds to a record's loss total, and whether it is W&B's step. */
enum {
    KEY_LOSS = 1,           /* the canonical loss */
    KEY_VAL_LOSS = 2,       /* the canonical val_loss */
    KEY_TRAIN_TERM = 4,     /* a train_..._loss or loss_... term */
    KEY_VAL_TERM = 8,       /* an eval_..._loss term */
    KEY_WANDB_STEP = 16,    /* W&B's "_step", its count of wandb.log() calls */
    /* What a record of keys all of one kind stands at (store.c's
     * record_step): an evaluation's, a rate's or timing's, a reward's. */
    KEY_EVALUATION = 32,
    KEY_TIMING = 64,
    KEY_REWARD = 128,
    /* A quantity no clock measures (a loss, a score, a rate of learning, a
     * gradient, a share, a scale): a value in seconds or per second under
     * its name is something else. */
    KEY_UNTIMED = 256,
    KEY_ENV_STEPS = 512, /* a count of environment steps (catalog's env_steps) */
    /* GPTQ's dampening of a layer's Hessian: a record that holds it reports
     * one module's quantization ("{'layer': 7, 'module': 'mlp.up_proj',
     * 'loss': '8.12', 'damp': '0.01000', ...}"), whose loss is the
     * module's reconstruction error, not training's. */
    KEY_QUANTIZATION = 1024,
    /* Model FLOPs utilisation, which nanoGPT prints as -100% until it has
     * timed enough steps ("mfu -100.00%"): a negative one is none. */
    KEY_MFU = 2048,
    /* A GAN's loss (d_loss, g_loss, VITS' loss_disc): its record's terms
     * are no one sum (store.c's add_component_total). */
    KEY_ADVERSARIAL = 4096,
    KEY_TOTAL_TERM = 8192, /* a term named the total (train_total_mse_loss) */
    /* A step its name says the run counts ("global step 782"), never a
     * count within the epoch printed beside it. */
    KEY_GLOBAL_STEP = 16384
};

typedef struct key_info {
    md_role role;
    int cat;       /* catalog series, -1 when no alias names the key */
    int series;    /* index into the store's series; -1 until created */
    md_unit unit;  /* a unit named by the key itself ("time_ms") */
    char *norm;    /* the normalised key */
    char *raw;     /* the first spelling seen */
    size_t rawlen;
    unsigned total; /* KEY_ flags */
    bool dropped;  /* over the series limit */
    bool progress; /* an epoch key that held a fraction: progress in epochs, no count */
    uint64_t record; /* the last record holding the key (md_store.records) */
    int evaluation_twin; /* the key "val/" and this key's spelling resolve to; -1 until asked */
} key_info;

/* Records of one input mostly hold the same keys in the same order, so
 * the key at each position of the last record is tried first; a guess
 * counts only when its first spelling equals the bytes given. */
#define KEY_GUESSES 64

typedef struct record_kv {
    int key; /* index into keys */
    double value;
    md_unit unit;
    unsigned flags;
    double total;
} record_kv;

#define LINE_EVENTS 8

/* Stepless records remembered to tell another rank's copy (record_copy). */
#define STEPLESS_RECENT 3

struct md_store {
    const md_catalog *cat;
    md_series **series;
    size_t nseries, capseries;
    md_map by_name;
    int *bound;  /* per catalog series: store series bound to it, or -1 */

    md_event *events;
    size_t nevents, capevents;

    md_input *inputs;
    size_t ninputs, capinputs;
    int cur;

    md_map key_cache;
    key_info *keys;
    size_t nkeys, capkeys;
    int unread_key; /* the key of keys past MD_MAX_KEYS, -1 until one comes */

    int guess[KEY_GUESSES]; /* key at each position of the last record, -1 for none */

    /* Evaluation sets named in this input's keys ("eval_squad_", see
     * keys.c): normalised prefixes, each ending in '_'. */
    char **eval_sets;
    size_t nsets, capsets;

    record_kv *kv;
    size_t nkv, capkv;
    uint64_t records;    /* records begun, to tell a key's repeat within one */
    unsigned rec_total;  /* KEY_ flags of the record's keys */
    unsigned long rec_line;
    unsigned long points_line; /* of the last record that gave points, 0 before one */
    bool rec_need_known;
    /* An evaluation keyed by its epoch or iteration (store.c: epoch_as_step,
     * count_alone), or named so by a field (md_store_record_evaluation). */
    bool rec_keyed_evaluation;
    int64_t context_step;
    uint64_t context_record; /* number of the record that set context_step */
    int64_t context_epoch, context_epochs; /* an epoch header's, -1 when none */
    bool context_by_epoch;                 /* context_step is that epoch header's */
    int64_t current_step;
    /* The last stepless records' contents (record_copy), the newest at
     * (nstepless - 1) % STEPLESS_RECENT. */
    uint64_t stepless[STEPLESS_RECENT];
    uint64_t nstepless;
    /* Events met on the line a record may still come from: they stand at
     * that record's step, not the one before (line_events). */
    unsigned long events_line;
    int line_events[LINE_EVENTS];
    size_t nline_events;

    uint64_t dropped_series;
    uint64_t unread_values; /* under keys past MD_MAX_KEYS */
    uint64_t total_points;
    bool finished;
};

/* Values this close (relative) to a series' minimum or maximum sit at it. */
#define EXTREME_TOL 1e-6

/* series.c */
md_series *series_new(const char *name, md_kind kind, md_better better, int input, size_t maxbuckets);
void series_free(md_series *s);
/* A series of its own with the same points and state. */
md_series *series_copy(const md_series *s);
void series_add_source(md_series *s, const char *name, size_t n);
/* A point, and how its value was printed (md_kv_flags: its digits after
 * the point); false when it repeats the last point, the same value at the
 * same step, and is not added. */
bool series_add(md_series *s, int64_t step, double v, unsigned flags, unsigned long line);
/* Adds the running mean series_add holds back, if any. */
void series_flush_held(md_series *s);
/* The few points a series got before its input's first step: moved to
 * first_step, or dropped when it is -1; true when they were (see
 * EARLY_POINTS_MAX). */
bool series_settle_early_points(md_series *s, int64_t first_step);
/* After its buckets were rewritten other than by series_add. */
void series_buckets_changed(md_series *s);
/* The series a log of several runs is judged by: its last run when that
 * run is long enough, else the series itself. Frees the other. */
md_series *series_take_last_run(md_series *s);
void series_finish(md_series *s);
size_t series_bytes(const md_series *s);
void bucket_combine(md_bucket *into, const md_bucket *b);
/* Merges neighbouring buckets pairwise; returns how many are left. */
size_t buckets_coarsen(md_bucket *b, size_t n);
/* Keeps a spike among the series' largest, by ratio. */
void series_keep_spike(md_series *s, const md_spike *sp);

/* join.c */
/* Whether `later` continues `earlier` (a rotated log, a resumed run) rather
 * than repeating it (the same run written twice). */
bool series_continues(const md_series *earlier, const md_series *later);
/* The series the two make together: `earlier`'s points before `later`
 * starts, then `later`'s. Takes both; returns one. */
md_series *series_join(md_series *earlier, md_series *later);

/* keys.c */
/* The key of the bytes given. Past MD_MAX_KEYS a key that is not kept
 * resolves to the unread key; value says a value comes with it (counted
 * in unread_values), not a name alone (md_store_key). */
int keys_resolve(md_store *st, const char *key, size_t keylen, bool value);
/* Whether a key the catalog does not know names a loss or a score by its
 * words ("loss_mel", "recall@5", "eval_precision"): a measurement. */
bool keys_measure(const key_info *ki);
/* The key cache maps a key's first spelling (raw) to the key, and no other
 * key has that spelling (keys_split gives a second spelling a key of its
 * own): a key whose raw equals the bytes is the one the cache gives, now
 * and for the rest of the input. */
bool keys_spelled(const key_info *ki, const char *key, size_t keylen);
/* The series a key's points go to, created on first use; -1 when over the
 * series limit. */
int keys_series(md_store *st, int key);
void keys_reset(md_store *st);
/* Gives each canonical name to the best of the series whose keys reach it
 * (see keys.c); called once the input is read. */
void keys_settle_names(md_store *st);
int keys_split(md_store *st, int k, const char *key, size_t keylen);
/* The key of the same figure on a validation set: "val/" and k's first
 * spelling (accuracy/top1 becomes val/accuracy/top1, val_accuracy's). */
int keys_evaluation_twin(md_store *st, int k);
/* A name not yet used in this store, into out: base, base_2, base_3, ... */
void keys_unique_name(const md_store *st, const char *base, char *out, size_t cap);

/* store.c */
/* A series for a key; named says the catalog names the key (it keeps
 * MD_BUCKETS buckets however many series came before it). */
int store_add_series(md_store *st, const char *name, md_kind kind, md_better better, bool named);
unsigned store_total_flags(const md_store *st, const key_info *ki);

#endif
