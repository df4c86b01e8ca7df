/* MLPerf's logging (mlperf_logging's mllog): one JSON object a line, behind
 * ":::MLLOG ", as every MLPerf Training submission writes its result files:
 *
 *   :::MLLOG {"namespace": "", "time_ms": 1621468176164, "event_type":
 *   "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.7767, "metadata":
 *   {"epoch_num": 1.05, "file": "dlrm_main.py", "lineno": 238}}
 *
 * "eval_accuracy" is the benchmark's quality metric, whatever it measures:
 * an AUC for DLRM, a mAP for the detectors, a Dice score for 3D U-Net, a
 * word error rate for RNN-T, and for the language models (GPT-3, Llama 2
 * LoRA) a log-perplexity or evaluation loss, lower being better. The
 * "submission_benchmark" the log names before it says which; a figure
 * logged before the log names its benchmark is "eval_quality", which no
 * rule judges. "train_loss" is
 * the training loss, its metadata's "lr" the learning rate; "tracked_stats"
 * holds figures (throughput). A record stands at its metadata's "step",
 * else at its "samples_count" (the samples trained on), else at its
 * "epoch_num" when that is whole. The other keys (the run's settings, the
 * marks of its blocks and epochs) are not read here; run_stop's status is
 * an event (events.rules). */
#include <math.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "reader/reader_int.h"

#define MLLOG_PREFIX ":::MLLOG "
#define MLLOG_MAX (64u << 10) /* a longer line is no figure's */

/* The series a benchmark's "eval_accuracy" is. */
static const char *quality_series(const char *benchmark, const cJSON *metadata)
{
    static const struct {
        const char *prefix, *series;
    } by_benchmark[] = {
        {"gpt", "val_loss"},   {"llama", "val_loss"}, {"rnnt", "val_wer"},    {"dlrm", "val_auc"},
        {"ssd", "val_map"},    {"maskrcnn", "val_map"}, {"retinanet", "val_map"}, {"unet3d", "val_dice"},
    };
    if (strncmp(benchmark, "stable_diffusion", 16) == 0) {
        /* It logs its FID and its CLIP score under the one key. */
        const cJSON *metric = cJSON_GetObjectItemCaseSensitive(metadata, "metric");
        const char *m = cJSON_GetStringValue(metric);
        return m && strcmp(m, "FID") == 0 ? "fid" : "val_clip_score";
    }
    for (size_t i = 0; i < MD_COUNT(by_benchmark); i++)
        if (strncmp(benchmark, by_benchmark[i].prefix, strlen(by_benchmark[i].prefix)) == 0)
            return by_benchmark[i].series;
    /* Before the benchmark is named (a log that names it at its end), which
     * way is better is not known: the figure keeps a name no rule judges. */
    return benchmark[0] ? "val_accuracy" : "eval_quality";
}

static bool number_of(const cJSON *o, const char *name, double *v)
{
    return md_json_number(cJSON_GetObjectItemCaseSensitive(o, name), v);
}

/* Where the record stands, as a pair of the record. */
static void place(const cJSON *metadata, md_feed *feed)
{
    double at;
    if (number_of(metadata, "step", &at) || number_of(metadata, "samples_count", &at))
        md_feed_kv(feed, "step", 4, at, MD_UNIT_NONE, at == floor(at) ? MD_KV_INTEGRAL : 0, NAN);
    else if (number_of(metadata, "epoch_num", &at) && at == floor(at))
        md_feed_kv(feed, "epoch", 5, at, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
}

static void figure(md_feed *feed, const char *name, double v)
{
    md_feed_kv(feed, name, strlen(name), v, MD_UNIT_NONE, 0, NAN);
}

static void read_record(md_mllog *m, const cJSON *root, md_feed *feed, unsigned long lineno)
{
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "key"));
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(root, "value");
    const cJSON *metadata = cJSON_GetObjectItemCaseSensitive(root, "metadata");
    if (!key)
        return;
    if (strcmp(key, "submission_benchmark") == 0) {
        const char *b = cJSON_GetStringValue(value);
        if (b) {
            strncpy(m->benchmark, b, sizeof m->benchmark - 1);
            m->benchmark[sizeof m->benchmark - 1] = '\0';
        }
        return;
    }
    bool quality = strcmp(key, "eval_accuracy") == 0, loss = strcmp(key, "train_loss") == 0;
    bool stats = strcmp(key, "tracked_stats") == 0 && cJSON_IsObject(value);
    double v, lr;
    if (!(((quality || loss) && md_json_number(value, &v)) || stats))
        return;
    md_feed_record_begin(feed, lineno);
    place(metadata, feed);
    if (quality)
        figure(feed, quality_series(m->benchmark, metadata), v);
    if (loss) {
        figure(feed, "train_loss", v);
        if (number_of(metadata, "lr", &lr))
            figure(feed, "lr", lr);
    }
    if (stats) {
        const cJSON *item;
        cJSON_ArrayForEach(item, value)
        {
            if (item->string && md_json_number(item, &v))
                figure(feed, item->string, v);
        }
    }
    md_feed_record_end(feed);
}

bool md_mllog_line(md_mllog *m, md_str line, md_feed *feed, unsigned long lineno)
{
    if (!md_str_starts_with(line, MLLOG_PREFIX))
        return false;
    md_str json = {line.p + sizeof MLLOG_PREFIX - 1, line.n - (sizeof MLLOG_PREFIX - 1)};
    if (json.n > MLLOG_MAX)
        return true;
    md_json_rewrite_nonfinite(json.p, json.n, &m->json);
    cJSON *root = cJSON_ParseWithLength(m->json.p, m->json.n);
    if (cJSON_IsObject(root))
        read_record(m, root, feed, lineno);
    cJSON_Delete(root);
    return true;
}

void md_mllog_free(md_mllog *m)
{
    md_buf_free(&m->json);
}
