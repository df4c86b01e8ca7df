/* The store: every series and event a run's inputs hold, in memory that does
 * not grow with the length of the run. Readers feed it records (the values
 * of one log line, CSV row or JSON object) and event matches; signals read
 * the summaries it keeps. */
#ifndef MLDIAG_STORE_H
#define MLDIAG_STORE_H

#include "mldiag/catalog.h"
#include "mldiag/diag.h"
#include "mldiag/sniff.h"

/* Time buckets per series. A bucket summarises `width` consecutive points;
 * when all are used, neighbours merge pairwise and the width doubles. */
#define MD_BUCKETS 2048
/* A series the catalog names, and each of an input's first MD_FULL_SERIES,
 * keeps MD_BUCKETS buckets; the log's further figures of its own (a grad
 * norm per layer) keep MD_BUCKETS_FEW each, three times a report's
 * sparkline, so that a thousand of them hold 9 MiB rather than 150. */
#define MD_FULL_SERIES 64
#define MD_BUCKETS_FEW 128
#define MD_TOP_SPIKES 8
#define MD_MAX_SERIES 1024
/* Distinct keys kept per input. A log that writes a new key on every line
 * (a sample's id or a timestamp as the key) would grow the table with its
 * length, and a series is kept for at most MD_MAX_SERIES of them anyway.
 * Past this many, a key is kept only when the catalog names it (up to
 * twice as many keys in all); any other resolves to the input's one
 * unread key, whose values are counted and not read. 16384 keys hold
 * about 5 MiB. */
#define MD_MAX_KEYS 16384
#define MD_MAX_EVENT_KINDS 256
#define MD_EVENT_TEXT_MAX 400

typedef struct md_bucket {
    int64_t lo_step, hi_step;
    uint32_t n;         /* finite points */
    uint32_t nonfinite; /* NaN and Inf points */
    double sum, m2, min, max, first, last; /* over the finite points; m2: squared
                                          * deviations from their mean */
} md_bucket;

/* A spike: a run of points far above the series' running level (below it,
 * for higher-is-better series), from onset until back within the band. */
typedef struct md_spike {
    int64_t step;     /* step of the onset */
    int64_t peak_step;
    double peak;      /* most extreme value in the spike */
    double level;     /* running level when it began */
    double ratio;     /* peak / level */
    uint64_t length;  /* points from onset until back within the band */
    bool recovered;
} md_spike;

/* Spikes that end within this many points recover "fast"; the rest recover
 * "slowly" or, still open when the run ends, "never". */
#define MD_SPIKE_FAST_POINTS 5

typedef struct md_series_state md_series_state;

/* Digits after the point counted per series: 0 to 14, and the rest. */
#define MD_PRINT_SLOTS 16
#define MD_EARLY_VALUES 256

typedef struct md_series {
    char *name;      /* canonical name, or the normalised key when none */
    char **sources;  /* the names the inputs used, as spelled there */
    size_t nsources;
    int input;       /* index of the input it came from */
    md_kind kind;
    md_better better;
    bool ordinal;    /* steps are entry numbers: the log gave no step */
    bool share;      /* a share of 1 by the catalog (md_series_spec.share) */
    bool percent_signed; /* a share whose points came with a '%': kept in percent until finished */

    uint64_t count;  /* all points */
    uint64_t finite, nan, inf, zeros;
    int64_t first_step, last_step;
    unsigned long first_line;     /* of its first point (of the last run: see runs), 0 when none */
    int64_t first_nonfinite_step; /* -1 when none */
    int64_t last_nonfinite_step;  /* -1 when none */
    uint64_t trailing_nonfinite;  /* NaN or Inf points at the end, in a row */
    uint64_t leading_nonfinite;   /* NaN or Inf points before the first finite one */
    uint64_t finite_before_nonfinite; /* finite points before the first NaN or Inf, counted when it comes */
    int64_t first_zero_step;      /* of the first exact 0, -1 when none */
    double before_zero;           /* the finite value before it, NaN when none */
    double before_zero_prev;      /* and the finite value before that, NaN when none */
    int64_t first_positive_step;  /* of the first value above 0, -1 when none */
    int64_t min_step, max_step;
    double first, last;           /* finite values */
    double last_raw;              /* the last value, NaN included */
    double min, max;
    uint64_t at_min, at_max;      /* points within 1e-6 relative of min, max */
    /* How nonzero values were written: counts by digits after the point
     * (the last slot: with an exponent, or 15 digits and more). */
    uint32_t printed_decimals[MD_PRINT_SLOTS];
    uint32_t printed_zero_decimals[MD_PRINT_SLOTS]; /* the same, for zeros */
    double mean, m2;              /* Welford, finite values */
    uint64_t restarts;            /* times the step went backwards */
    uint64_t fresh_starts;        /* of those, back to the first step or before */
    /* A log of several runs (a job requeued from scratch into the same
     * file, a sweep's trials) is judged by its last run: 'runs' counts the
     * runs the log held (1 for one run), 'earlier_points' the points of
     * the runs before the last, which the series no longer holds. */
    uint64_t runs;
    uint64_t earlier_points;
    /* Of a loss's first MD_EARLY_VALUES finite points (series_finish): the
     * points whose exact value came before, the values that came more than
     * once, and of those the ones with no point one print quantum away;
     * and the points equal to the point just before (adjacent). */
    uint32_t repeated_points, repeated_values, repeated_isolated, repeated_adjacent;

    md_bucket *buckets;
    size_t nbuckets, capbuckets;
    size_t maxbuckets; /* MD_BUCKETS or MD_BUCKETS_FEW */
    uint64_t width;

    md_spike spikes[MD_TOP_SPIKES]; /* the largest, by ratio */
    size_t nspikes;
    uint64_t spike_count, spike_points, spikes_fast, spikes_slow, spikes_open;

    md_series_state *state; /* private to the store */
} md_series;

typedef struct md_event_field {
    char *name;
    uint64_t n;
    double first, last, min, max;
} md_event_field;

typedef struct md_event {
    char *id;
    uint64_t count;
    int first_input, last_input;
    unsigned long first_line, last_line;
    int64_t first_step, last_step; /* -1 when no step was known */
    uint64_t last_records;         /* its input's records when it last occurred */
    char *first_text, *last_text;
    md_event_field fields[MD_EVENT_MAX_FIELDS];
    size_t nfields;
} md_event;

/* Wall-clock timestamps seen at the start of log lines. Gaps are kept as a
 * log2 histogram so the typical gap costs no memory per line. A gap counts
 * only between stamped lines with nothing printed between them: progress
 * bars and loss lines without stamps are output, not silence. */
typedef struct md_timeline {
    uint64_t stamps;
    double first, last;
    unsigned long last_line; /* line of the latest stamp */
    double max_gap;
    double runner_up_gaps[2]; /* the second and third longest gaps, 0 before them */
    unsigned long max_gap_line;
    int64_t max_gap_step;
    int64_t max_gap_step_after; /* the first step a record gave after it, -1 before */
    bool gap_open;              /* max_gap_step_after is still to come */
    double last_step_stamp;     /* the latest stamp a stepped record stood under, NaN before */
    uint64_t gap_hist[48];
    double shift;   /* seconds added to the stamps since the clock was set back (DST's fall-back) */
    double back_at; /* a stamp far behind the latest, not yet confirmed by the next: NaN for none */
} md_timeline;

typedef struct md_input {
    char *path;
    md_format format;
    uint64_t bytes, lines, records, points, events;
    uint32_t series;     /* series it gave points to (md_store_merge counts them) */
    bool series_counted; /* series is counted */
    unsigned long cut_lines;   /* lines cut at MD_LINE_MAX */
    unsigned long bad_records; /* lines/rows/objects that failed to parse */
    bool cut_short;            /* the input ended mid-record or mid-stream */
    uint64_t hole_bytes;       /* NUL bytes in holes (see MD_NUL_HOLE) */
    uint64_t hole_end_bytes;   /* of them, those of the hole that ends the input (hole_at_end) */
    unsigned long hole_line;   /* the line holding the last hole; 0 for none */
    bool hole_at_end;          /* the input ends in a hole */
    bool snapshot;             /* a trainer_state.json: rewritten at every checkpoint */
    int64_t best_checkpoint_step; /* the step of the checkpoint the trainer kept as its best, -1 when none */
    bool growing;              /* followed as it grows (mldiag watch): its end so far is not the run's */
    int64_t mtime_ns;          /* the file's last modification (ns since the epoch), 0 when unknown */
    int64_t declared_total;    /* "step 5/100": the run's planned length, or -1 */
    int64_t settings_plan;     /* a plan a line of settings gave ("max_iter: 10000"), or -1 */
    bool declared_floor;       /* declared_total is only the end of the epoch reached (the epochs planned unknown) */
    int64_t last_step_seen;
    uint64_t first_stepped_record; /* 1-based; 0 before the first step */
    int64_t first_step_seen;       /* that record's step */
    uint64_t last_stepped_record;  /* 1-based, the last record with a step of its own; 0 before */
    /* Records of values placed by a step key, and by an epoch alone
     * ("Epoch 3/10" with no step on the line). */
    uint64_t step_records, epoch_records;
    /* Progress in epochs that records without a step give (HF's "epoch":
     * 0.1): the first and the last, NAN before one; and the record after
     * which entry numbers start over (another run's first log). */
    double progress_first, progress_last;
    uint64_t ordinal_base;
    /* Records that carry two counts (MMEngine's "iter" and "step"). */
    uint64_t paired_step_records;
    /* Steps counted within each epoch ("Epoch [6/120], Step [600/600]",
     * Lightning's "Epoch 3: 45%| 450/1000"): once the count restarts as the
     * epoch grows, steps become (epoch - epoch_base) * steps_per_epoch +
     * count. */
    int64_t first_epoch, last_epoch, last_count, steps_per_epoch, epochs_total, epoch_base;
    bool per_epoch;
    bool count_moved; /* the count changed within the last epoch */
    /* Epoch headers that give the epochs planned ("Epoch 3/10"): the
     * largest total, the first and the last header's epoch, and the points
     * read before the last header (its epoch's values come after it). */
    int64_t header_epochs, header_first_epoch, header_last_epoch;
    uint64_t header_points;
    /* Counts with no total under epoch headers ("Start of epoch 1" over
     * "... at step 200: 0.61") that started over as the header's epoch grew
     * count within the epoch from then on. The header's epoch at the last
     * stepped record, -1 before. */
    bool counts_in_epoch;
    int64_t stepped_context_epoch;
    /* Counts that start over right after lines of the epoch alone
     * (count_round): the largest such epoch, how many times it grew since
     * the counts last started and since the last count, the epochs the
     * counts have started over in (-1 while they count the run's steps),
     * and the last count (-1). */
    int64_t alone_epoch, epoch_rises, epoch_rises_after_count, count_rounds, round_count;
    /* The largest count within an epoch, and whether a count was 0: an
     * epoch of counts from 0 holds one more than its largest. */
    int64_t max_count;
    bool counts_from_zero;
    bool adversarial; /* a GAN's losses were read: its terms have no one total */
    md_timeline time;
} md_input;

typedef struct md_store md_store;

/* The store borrows the catalog, which must outlive it. */
md_store *md_store_new(const md_catalog *cat);
void md_store_free(md_store *st);

/* Readers: one input at a time. */
int md_store_begin_input(md_store *st, const char *path, md_format fmt);
md_input *md_store_input_mut(md_store *st, int input);

/* A record is the values read together (one line, row or object). Key bytes
 * are borrowed only for the call. */
typedef enum {
    MD_KV_INTEGRAL = 1, /* written without a point or exponent */
    MD_KV_TOTAL = 2,    /* written as "N/T": total holds T */
    /* A count in front of the line ("[12] loss=0.4"): the step unless a
     * step key on the line gives another, so a pasted line's number
     * ("[1745] global_step=10") is not taken for it. */
    MD_KV_LEADING_COUNT = 1 << 8,
    /* A count within its epoch by the way it is written ("Epoch
     * [3][50/500]", "Epoch(train) [3][50/500]"), not by its restarts. */
    MD_KV_IN_EPOCH = 1 << 9,
    /* A count within an epoch whose number counts from 0 (Lightning's bar,
     * "Epoch 1: 16%| 300/1871", is in the second epoch), even where the
     * log starts past epoch 0. */
    MD_KV_EPOCH_FROM_0 = 1 << 10,
    /* A sample taken on a clock (W&B's system metrics), not printed with
     * a step: the same value at the same step again is another sample. */
    MD_KV_SAMPLED = 1 << 11,
    /* A mean over the batches so far of an evaluation that prints as it
     * goes ("Test: [ 10/196] ... Loss 1.13 (1.00)"): the next such mean
     * at the same step, or the evaluation's own figure there, takes its
     * place; the last one stands. */
    MD_KV_RUNNING = 1 << 12
} md_kv_flags;

/* Flags bits 2-7: the digits after the point plus one, for a number
 * written without an exponent ("0.000100": 7); 0 when unknown. The print
 * precision says which small values a log could not show. */
#define MD_KV_DECIMALS(d) ((unsigned)((d) < 62 ? (d) + 1 : 63) << 2)
#define MD_KV_DECIMALS_OF(flags) ((int)(((flags) >> 2) & 63) - 1)
#define MD_KV_DECIMALS_MASK (63u << 2)

void md_store_record_begin(md_store *st, unsigned long line);
/* Drop the record unless one of its keys is a catalog series or a step:
 * console logs print configuration dumps and prose with numbers in them,
 * and a line that carries no known metric is almost always one of those. */
void md_store_record_need_known(md_store *st);
/* The record is an evaluation's, as a field of it says (MMCV's "mode":
 * "val", pycls' "_type": "test_epoch"): its figures are the validation
 * set's whatever their keys say, its timings are left out, and its
 * learning rate, memory and training figures ("train_loss") stay the
 * training's. */
void md_store_record_evaluation(md_store *st);
void md_store_record_kv(md_store *st, const char *key, size_t keylen, double value, md_unit unit,
                        unsigned flags, double total);
/* For a key a reader names again and again (a CSV column, a pair of a
 * repeated line): its number, for md_store_record_key to take instead of
 * its text, or -1 when the text must go to md_store_record_kv each time (a
 * second spelling of a key may name it or a key of its own). A number
 * holds until the next input begins. */
int md_store_key(md_store *st, const char *key, size_t keylen);
void md_store_record_key(md_store *st, int k, double value, md_unit unit, unsigned flags, double total);
/* Sets the step that later records without a step key are placed at (an
 * "Epoch 3/10" line before Keras' metrics line); -1 clears it. */
void md_store_context_step(md_store *st, int64_t step);
/* Sets the epoch ("Training epoch: 3", total epochs or -1) that later
 * records' counts within an epoch ("Batch(100/1879)") belong to. */
void md_store_context_epoch(md_store *st, int64_t epoch, int64_t epochs);
/* The steps the run plans, as a header or the training bar says: a log
 * that ends short of them ended early. */
void md_store_planned_steps(md_store *st, int64_t steps);
/* Returns the step the record was placed at (or -1 when it held no value)
 * and whether it held any step key. */
int64_t md_store_record_end(md_store *st, bool *had_step);

/* The step of the most recent record of the current input, -1 if none. */
int64_t md_store_current_step(const md_store *st);

/* An event matched at line; fields in the order of the spec's fields, NaN
 * where a field did not match. */
void md_store_event(md_store *st, const md_event_spec *spec, unsigned long line, int64_t step,
                    const char *text, size_t n, const double *fields);

void md_store_timestamp(md_store *st, unsigned long line, double seconds);

/* Adopts every series, event and input of src (which is freed). A series
 * whose canonical name the store already has stays a separate series only
 * when src's has more points; the other is dropped and counted. */
void md_store_merge(md_store *st, md_store *src);

/* A store of its own holding what st holds: to finish and read while st
 * goes on taking records (mldiag watch). */
md_store *md_store_copy(const md_store *st);

/* Readers. Pointers are borrowed from the store. */
size_t md_store_nseries(const md_store *st);
const md_series *md_store_series(const md_store *st, size_t i);
const md_series *md_store_find(const md_store *st, const char *name);
/* The series NAME is in the store with at least one finite value: what a
 * rule's has(NAME) asks. */
bool md_store_has_points(const md_store *st, const char *name);
/* Whether any series of kind loss got a point. Without one, the checks of
 * the loss curve had nothing to read: a log whose loss is written in a
 * way mldiag does not read is no healthy run, and reports say so. */
bool md_store_has_loss(const md_store *st);
/* Position of a series in the store, or -1. */
long md_store_find_index(const md_store *st, const char *name);
size_t md_store_nevents(const md_store *st);
const md_event *md_store_event_at(const md_store *st, size_t i);
const md_event *md_store_find_event(const md_store *st, const char *id);
size_t md_store_ninputs(const md_store *st);
const md_input *md_store_input(const md_store *st, size_t i);
const md_catalog *md_store_catalog(const md_store *st);

/* Limits hit while reading: series and event kinds over the caps, and
 * values under keys past the cap on distinct keys an input names. */
uint64_t md_store_dropped_series(const md_store *st);
uint64_t md_store_unread_values(const md_store *st);
uint64_t md_store_total_points(const md_store *st);

/* Bytes of memory the store holds, for the boundedness tests. */
size_t md_store_bytes(const md_store *st);

/* Sorts series: canonical catalog order first, then by name. */
void md_store_sort(md_store *st);

#endif
