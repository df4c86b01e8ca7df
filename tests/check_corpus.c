/* Every file of the shared corpus of real logs, read whole: the error code,
 * the canonical series with counts and last values where they pin
 * behaviour, and the events. Expectations come from the files themselves
 * and the notes in MANIFEST.tsv (its traps: "step_avg:nanms" is no NaN
 * loss, torch.isnan(...) quoted by a traceback is no NaN, "nan" strings in
 * Megatron golden values are missing points). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests.h"

typedef struct want_series {
    const char *name;
    uint64_t count; /* 0: any */
    double last;
    bool has_last;
    int64_t last_step;
    bool has_step;
    uint64_t nonfinite;
    bool has_nonfinite;
} want_series;

typedef struct want_event {
    const char *id;
    const char *text; /* a part of the first matching line, or NULL */
} want_event;

typedef struct corpus_case {
    const char *file;
    md_err err;
    want_series series[8];
    const char *no_series[4];
    want_event events[4];
    const char *no_events[6];
} corpus_case;

#define HAS(n) {.name = n}
#define COUNT(n, c) {.name = n, .count = c}
#define LAST(n, c, l) {.name = n, .count = c, .last = l, .has_last = true}
#define LAST_AT(n, c, l, s)                                                                       \
    {.name = n, .count = c, .last = l, .has_last = true, .last_step = s, .has_step = true}
#define FINITE(n, c, l, nf)                                                                       \
    {.name = n, .count = c, .last = l, .has_last = true, .nonfinite = nf, .has_nonfinite = true}
#define NONFINITE(n, c, nf) {.name = n, .count = c, .nonfinite = nf, .has_nonfinite = true}

static const corpus_case cases[] = {
    {"hf_trainer_state/dpo_distill_safety_trainer_state.json", MD_OK,
     {LAST("loss", 4, 0.0), LAST("grad_norm", 4, 8.075535617990681e-08), LAST("lr", 4, 0.0),
      LAST("reward_accuracy", 4, 1.0), LAST("reward_margin", 4, 141.71812438964844),
      LAST("logps_rejected", 4, -1784.1370849609375), LAST("train_loss", 1, 0.07195354054873829)},
     {"val_loss"}, {{0}}, {"exception"}},
    {"hf_trainer_state/dpo_llama2_miniguanaco_trainer_state.json", MD_OK,
     {FINITE("loss", 100, 0.6448, 0), FINITE("val_loss", 10, 0.4614259600639343, 1),
      NONFINITE("reward_margin", 100, 3), NONFINITE("reward_chosen", 100, 2),
      LAST("lr", 100, 2.4368997673940296e-08), LAST("val_reward_accuracy", 10, 0.7752808928489685)},
     {"grad_norm"}, {{0}}, {0}},
    {"nanogpt/modded_nanogpt_adamw_baseline_s_trl.log", MD_OK,
     {LAST_AT("loss", 9536, 3.34018, 9535), LAST_AT("val_loss", 76, 3.275959, 9536)},
     {"step_time", "grad_norm"}, {{0}}, {0}},
    {"nanogpt/llmc_gpt2_124M_main.log", MD_OK,
     {LAST_AT("loss", 19560, 3.2217, 19559), LAST_AT("val_loss", 80, 3.2722, 19560),
      LAST("grad_norm", 19560, 0.22), LAST("lr", 19560, 0.0)},
     {0}, {{0}}, {0}},
    {"nanogpt/modded_nanogpt_medium_s_tel.log", MD_OK, {LAST_AT("val_loss", 241, 2.9282, 60000)}, {"loss"},
     {{0}}, {0}},
    /* TRAP: "step_avg:nanms" on the first steps is NaN timing, not a NaN loss. */
    {"nanogpt/modded_nanogpt_muon_speedrun_step_avg_nan.txt", MD_OK,
     {FINITE("loss", 6200, 3.2533, 0), LAST_AT("val_loss", 51, 3.2785, 6200), NONFINITE("step_time", 0, 13),
      LAST("train_time", 0, 1339.067)},
     {0}, {{0}}, {"nan_message", "cuda_oom"}},
    {"nanogpt/modded_nanogpt_scaleup1b_20k_steps.txt", MD_OK,
     {FINITE("loss", 20344, 2.8204, 0), LAST_AT("val_loss", 164, 2.7737, 20344),
      NONFINITE("step_time", 0, 13)},
     {0}, {{0}}, {0}},
    {"nanogpt/modded_nanogpt_track3_muonh.txt", MD_OK,
     {LAST_AT("val_loss", 28, 3.27528, 3325), LAST("train_time", 0, 503.985), HAS("step_time")}, {"loss"},
     {{0}}, {0}},
    /* Six eval sets: the first, eval_g0_*, takes the val_ names. */
    {"hf_trainer_state/multi_evalset_overfit_trainer_state.json", MD_OK,
     {LAST_AT("loss", 30, 0.0549, 12030), LAST("val_loss", 31, 2.7486727237701416),
      LAST("val_accuracy", 31, 0.5935162094763092), COUNT("grad_norm", 30), LAST("lr", 30, 1e-05)},
     {0}, {{0}}, {0}},
    {"hf_trainer_state/bert_weibo_rumor_trainer_state.json", MD_OK,
     {LAST_AT("loss", 51, 0.1636, 25500), COUNT("lr", 51), LAST("train_loss", 1, 0.3071320072440214)},
     {"val_loss", "grad_norm"}, {{0}}, {0}},
    {"hf_trainer_state/whisper_large_v2_ja_overfit_trainer_state.json", MD_OK,
     {LAST_AT("loss", 200, 0.0002, 5000), LAST("val_loss", 5, 0.4200145900249481), COUNT("lr", 200)},
     {"grad_norm"}, {{0}}, {0}},
    /* The Step column places the rows; Epoch (7.63, ...) is progress. */
    {"hf_model_card/whisper_large_v2_ja_training_results_table.md", MD_OK,
     {LAST_AT("loss", 5, 0.0002, 5000), LAST_AT("val_loss", 5, 0.42, 5000)}, {0}, {{0}}, {0}},
    /* No total loss column: loss is the sum of box, obj and cls. */
    {"yolo/yolov5_lego_results.csv", MD_OK,
     {LAST_AT("loss", 50, 0.010377 + 0.010803 + 0.0075119, 49),
      LAST("val_loss", 50, 0.0088599 + 0.0065178 + 0.0078488), LAST_AT("lr", 50, 0.000496, 49)},
     {0}, {{0}}, {0}},
    {"tfevents/yolov5_lego_events.out.tfevents.1655416124.33f6a3a27a4d.385.0", MD_OK,
     {LAST_AT("lr", 50, 0.0004959999932907522, 49), COUNT("train_box_loss", 50), COUNT("val_cls_loss", 50)},
     {0}, {{0}}, {0}},
    {"hf_console/wandb_output_reward_model_then_hydra_config_error.log", MD_OK,
     {LAST("loss", 25, 0.0952), COUNT("grad_norm", 25), COUNT("lr", 25)}, {0},
     {{"exception", "ConfigAttributeError"}, {"traceback", NULL}},
     {"cuda_oom", "nan_message", "nccl_timeout", "keyboard_interrupt"}},
    /* TRAP: the traceback quotes torch.isnan(tr_loss_step); the run was
     * interrupted by the user. The traceback's header is glued to the last
     * progress bar, and its exception is KeyboardInterrupt. */
    {"hf_console/wandb_output_reward_model_keyboardinterrupt_isnan_trap.log", MD_OK,
     {LAST("loss", 27, 0.02), COUNT("grad_norm", 27)}, {0},
     {{"keyboard_interrupt", NULL}, {"exception", "KeyboardInterrupt"}}, {"cuda_oom", "nan_message"}},
    {"hf_console/wandb_output_reward_model_completed.log", MD_OK,
     {LAST("loss", 16, 0.1726), COUNT("grad_norm", 16), LAST("train_loss", 1, 0.37404646195760777)}, {0},
     {{0}}, {"exception", "traceback"}},
    /* train/loss (last logged, 0.1726) and train_loss (run mean, 0.374) are
     * two quantities: "loss" must hold one of them. */
    {"wandb/reward_model_wvk49vqj_wandb-summary.json", MD_OK,
     {COUNT("loss", 1), LAST("grad_norm", 1, 0.8108744025230408), LAST("lr", 1, 1.8404907975460124e-08)}, {0},
     {{0}}, {0}},
    {"wandb/reward_model_xmayk974_wandb-summary.json", MD_OK,
     {COUNT("loss", 1), LAST("grad_norm", 1, 0.7347202301025391)}, {0}, {{0}}, {0}},
    {"wandb/reward_model_k5u8xpy9_interrupted_wandb-summary.json", MD_ERR_NODATA, {{0}}, {0}, {{0}}, {0}},
    /* The same run's history, placed by HF's train/global_step: the loss
     * the console printed, at steps 30..480. */
    {"wandb/run-wvk49vqj.wandb", MD_OK,
     {LAST_AT("loss", 16, 0.1726, 480), LAST_AT("grad_norm", 16, 0.8108744025230408, 480),
      LAST("lr", 16, 1.8404907975460124e-08), COUNT("gpu_util", 114), COUNT("memory", 114)},
     {"val_loss"}, {{0}}, {0}},
    {"custom_console/loss_plateau_mwq_transformer_500steps.log", MD_OK,
     {LAST_AT("loss", 500, 2.5995609760284424, 499), LAST("accuracy", 500, 0.12646484375),
      LAST("val_accuracy", 500, 0.10546875)},
     {0}, {{0}}, {"exception"}},
    {"custom_console/loss_plateau_short_run_keyboardinterrupt.log", MD_OK,
     {LAST_AT("loss", 40, 1.5425889492034912, 39), COUNT("accuracy", 40)}, {0},
     {{"exception", "KeyboardInterrupt"}, {"keyboard_interrupt", NULL}}, {"cuda_oom"}},
    {"wandb/loss_plateau_mwq_q4ebbqpc_wandb-summary.json", MD_OK,
     {LAST_AT("loss", 1, 2.5995609760284424, 499), LAST("accuracy", 1, 0.12646484375),
      LAST("val_accuracy", 1, 0.10546875)},
     {0}, {{0}}, {0}},
    /* Loss exactly 0.0 beside NaN log-probs. */
    {"hf_trainer_state/dpo_poisoned_all_nan_checkpoint-1500_trainer_state.json", MD_OK,
     {FINITE("loss", 3, 0.0, 0), NONFINITE("reward_margin", 3, 3), NONFINITE("logps_chosen", 3, 3),
      LAST("lr", 3, 1.4285714285714285e-05)},
     {0}, {{0}}, {0}},
    {"hf_trainer_state/sft_before_dpo_checkpoint-875_trainer_state.json", MD_OK,
     {LAST_AT("loss", 1, 2.0482, 500), LAST("grad_norm", 1, 0.6931307315826416), COUNT("lr", 1)}, {0}, {{0}},
     {0}},
    {"lightning/probing_lm_version_0_metrics.csv", MD_OK,
     {LAST_AT("loss", 28, 2.7272350788116455, 1399), LAST("accuracy", 28, 0.125)}, {"val_loss"}, {{0}}, {0}},
    {"lightning/probing_lm_version_3_metrics.csv", MD_OK,
     {LAST_AT("loss", 28, 0.22343090176582336, 1399), LAST("accuracy", 28, 0.90625)}, {0}, {{0}}, {0}},
    /* TRAP: two runs appended; iteration 19 appears twice (its learning
     * rate the same: one point of lr). */
    {"detectron2/balloon_maskrcnn_metrics.json", MD_OK,
     {LAST_AT("loss", 16, 0.3522665523341857, 299), COUNT("lr", 15),
      LAST("step_time", 16, 0.36708652150002763), COUNT("data_time", 16)},
     {"eta_seconds"}, {{0}}, {0}},
    {"tfevents/detectron2_balloon_events.out.tfevents.1737378888.LAPTOP-1BH8GF02.2695.0", MD_OK,
     {LAST_AT("loss", 15, 0.3522665500640869, 299), COUNT("lr", 15),
      LAST("step_time", 15, 0.3670865297317505)},
     {"eta_seconds"}, {{0}}, {0}},
    {"mlflow/swahili_stt_run_ed05f9cd/metrics/loss", MD_OK, {LAST_AT("loss", 10, 234.7978057861328, 9)}, {0},
     {{0}}, {0}},
    /* Run metadata (times, status): no metric and no event. */
    {"mlflow/swahili_stt_run_ed05f9cd/meta.yaml", MD_ERR_NODATA, {{0}}, {0}, {{0}}, {0}},
    /* Keras' TensorBoard callback names the training loss "epoch_loss". */
    {"tfevents/keras_tf2_swahili_ctc_events.out.tfevents.1628697775.DESKTOP-V1DB051.21044.31250.v2", MD_OK,
     {LAST_AT("loss", 10, 234.7978057861328, 9)}, {0}, {{0}}, {0}},
    /* TRAP: steps 22690-24000 hold the string "nan": unrecorded, not NaN. */
    {"megatron/golden_values_mixtral_8x7b_release_dgx_h100.json", MD_OK,
     {{.name = "loss", .count = 4538, .last = 1.9726, .has_last = true, .last_step = 22685, .has_step = true,
       .nonfinite = 0, .has_nonfinite = true},
      LAST("step_time", 4538, 8.73795), HAS("memory"), COUNT("num_zeros", 4538)},
     {0}, {{0}}, {0}},
    {"megatron/golden_values_bert_mcore_tp1_pp2_dgx_h100.json", MD_OK,
     {LAST_AT("loss", 50, 9.49558, 50), COUNT("step_time", 49),
      LAST("memory", 50, 3433473024.0 / 1073741824.0)},
     {0}, {{0}}, {0}},
    {"megatron/golden_values_gpt3_15b_8t_release_dgx_h100.json", MD_OK,
     {FINITE("loss", 10173, 2.07335, 0), LAST("step_time", 507, 1.44053)}, {0}, {{0}}, {0}},
    /* Ultralytics' "time" column is cumulative seconds since the start
     * (9.9, 17.6, ... 833.2), not seconds per step. */
    {"yolo/ultralytics_v8_wheat_weed_results.csv", MD_OK,
     {LAST_AT("loss", 102, 0.72402 + 0.58595 + 0.93761, 102),
      LAST("val_loss", 102, 1.39398 + 1.01914 + 1.36186),
      LAST("lr", 102, 0.000555778), LAST("train_time", 102, 833.209)},
     {"step_time"}, {{0}}, {0}},
    {"nanogpt/build_nanogpt_overfit_single_batch.log", MD_OK, {LAST_AT("loss", 50, 0.06201247125864029, 49)},
     {0}, {{0}}, {0}},
    /* TRAP: step 0 takes 49 s (torch.compile); the rest about 0.19 s. */
    {"nanogpt/build_nanogpt_torch_compile_step0_49s.log", MD_OK,
     {LAST_AT("loss", 50, 6.530029296875, 49), LAST("step_time", 50, 0.19087),
      LAST("tokens_per_s", 50, 85838.51)},
     {0}, {{0}}, {0}},
    /* Steps 51-4949 were cut by the author; the tensor(...) line is no point. */
    {"nanogpt/build_nanogpt_5000_steps_tiny_shakespeare.log", MD_OK,
     {LAST_AT("loss", 100, 0.012582, 4999), COUNT("grad_norm", 100), LAST("step_time", 100, 0.50596),
      LAST("tokens_per_s", 100, 32381.7)},
     {0}, {{0}}, {0}},
    {"hf_trainer_state/t5_summarization_3epochs_trainer_state.json", MD_OK,
     {LAST_AT("loss", 430, 1.7423, 215000), LAST("grad_norm", 430, 2.5202980041503906),
      COUNT("lr", 430)},
     {0},
     {{0}}, {0}},
    {"tfevents/hf_trainer_t5_train_events.out.tfevents.1742826235.DESKTOP-41L2EO3.107869.0", MD_OK,
     {LAST_AT("loss", 430, 1.742300033569336, 215000), COUNT("grad_norm", 430)}, {0}, {{0}}, {0}},
    {"tfevents/hf_trainer_t5_eval_events.out.tfevents.1742884204.DESKTOP-41L2EO3.107869.1", MD_OK,
     {LAST_AT("val_loss", 1, 1.633907675743103, 215337)}, {"loss"}, {{0}}, {0}},
    {"cluster_jobs/lsf_job_WorkingSetup_11_plateau_wandb_summary.md", MD_OK,
     {LAST_AT("loss", 650, 0.0008, 650), LAST_AT("val_loss", 650, 0.0017, 650)}, {0},
     {{"job_completed", "Successfully completed"}}, {"job_time_limit", "job_cancelled", "exception"}},
    {"cluster_jobs/lsf_job_WeightInit_0_TERM_RUNLIMIT.md", MD_OK, {{0}}, {"loss", "val_loss"},
     {{"job_time_limit", "TERM_RUNLIMIT"}}, {"job_completed", "job_cancelled"}},
    /* One \r-redrawn bar without a total, it/s turning into s/it, then
     * slurm's CANCELLED (not DUE TO TIME LIMIT). */
    {"cluster_jobs/deformable_detr_slurm.out", MD_OK, {LAST("it_per_s", 1002, 1.0 / 7.0)}, {"loss"},
     {{"job_cancelled", "CANCELLED AT"}}, {"job_time_limit"}},
    /* it_per_s is the training loop's rate (24 steps of 150-190 s), not the
     * "Loading checkpoint shards" bar's. "loss_scale": 0 in the printed
     * DeepSpeed config means dynamic scaling, not a loss scale of zero. */
    {"hf_console/llamafactory_llama3.3_70b_zero3_8gpu_train.out", MD_OK,
     {LAST("loss", 24, 1.0447), LAST("grad_norm", 24, 0.7941946983337402), COUNT("lr", 24),
      LAST("it_per_s", 24, 1.0 / 149.55)},
     {"loss_scale"}, {{"exception", "TypeError: iteration over a 0-d tensor"}, {"child_failed", NULL}},
     {"cuda_oom", "nan_message", "nccl_timeout", "nccl_error"}},
};

static char *corpus_dir(void)
{
    const char *root = getenv("MLDIAG_ROOT");
    md_buf b = {0};
    md_buf_printf(&b, "%s/../shared/corpus", root && *root ? root : ".");
    return md_buf_steal(&b);
}

static bool same(double got, double want)
{
    return fabs(got - want) <= 1e-9 + 1e-7 * fabs(want);
}

/* Each check appends what is wrong to errs, so that one run shows every
 * mismatch of a file. */
static void check_series(const md_store *st, const want_series *w, md_buf *errs)
{
    const md_series *s = md_store_find(st, w->name);
    if (!s) {
        md_buf_printf(errs, "\n    no series '%s'; have:", w->name);
        for (size_t i = 0; i < md_store_nseries(st); i++)
            md_buf_printf(errs, " %s", md_store_series(st, i)->name);
        return;
    }
    if (w->count && s->count != w->count)
        md_buf_printf(errs, "\n    %s has %llu points, want %llu", w->name, (unsigned long long)s->count,
                      (unsigned long long)w->count);
    if (w->has_last && !same(s->last, w->last))
        md_buf_printf(errs, "\n    %s last is %.10g, want %.10g", w->name, s->last, w->last);
    if (w->has_step && s->last_step != w->last_step)
        md_buf_printf(errs, "\n    %s last step is %lld, want %lld", w->name, (long long)s->last_step,
                      (long long)w->last_step);
    if (w->has_nonfinite && s->nan + s->inf != w->nonfinite)
        md_buf_printf(errs, "\n    %s has %llu non-finite points, want %llu", w->name,
                      (unsigned long long)(s->nan + s->inf), (unsigned long long)w->nonfinite);
}

static void check_event(const md_store *st, const want_event *w, md_buf *errs)
{
    const md_event *e = md_store_find_event(st, w->id);
    if (!e)
        md_buf_printf(errs, "\n    no event '%s'", w->id);
    else if (w->text && !strstr(e->first_text, w->text))
        md_buf_printf(errs, "\n    event %s is \"%s\", want it to hold \"%s\"", w->id, e->first_text,
                      w->text);
}

START_TEST(test_corpus_file)
{
    const corpus_case *c = &cases[_i];
    char *dir = corpus_dir();
    char *path = t_path(dir, c->file);
    md_store *st = NULL;
    md_err err = t_load(path, &st, NULL);
    ck_assert_ptr_nonnull(st);
    md_buf errs = {0};
    md_buf_cstr(&errs);
    if (err != c->err)
        md_buf_printf(&errs, "\n    md_run_load gave %s, want %s", md_err_str(err), md_err_str(c->err));
    if (c->err != MD_OK && (md_store_nseries(st) || md_store_nevents(st)))
        md_buf_printf(&errs, "\n    found series or events");
    for (size_t i = 0; i < MD_COUNT(c->series) && c->series[i].name; i++)
        check_series(st, &c->series[i], &errs);
    for (size_t i = 0; i < MD_COUNT(c->no_series) && c->no_series[i]; i++)
        if (md_store_find(st, c->no_series[i]))
            md_buf_printf(&errs, "\n    unexpected series '%s'", c->no_series[i]);
    for (size_t i = 0; i < MD_COUNT(c->events) && c->events[i].id; i++)
        check_event(st, &c->events[i], &errs);
    for (size_t i = 0; i < MD_COUNT(c->no_events) && c->no_events[i]; i++) {
        const md_event *e = md_store_find_event(st, c->no_events[i]);
        if (e)
            md_buf_printf(&errs, "\n    unexpected event '%s': \"%s\"", c->no_events[i], e->first_text);
    }
    ck_assert_msg(errs.n == 0, "%s:%s", c->file, errs.p);
    md_buf_free(&errs);
    md_store_free(st);
    free(path);
    free(dir);
}
END_TEST

/* The table covers MANIFEST.tsv exactly: a file added to the corpus needs
 * its expectations here. */
START_TEST(test_manifest_covered)
{
    char *dir = corpus_dir();
    char *manifest = t_path(dir, "MANIFEST.tsv");
    FILE *f = fopen(manifest, "r");
    ck_assert_msg(f != NULL, "cannot read %s", manifest);
    bool listed[MD_COUNT(cases)] = {false};
    char line[8192];
    size_t files = 0;
    for (unsigned long n = 1; fgets(line, sizeof line, f); n++) {
        char *tab = strchr(line, '\t');
        if (n == 1 || !tab)
            continue;
        *tab = '\0';
        files++;
        size_t i = 0;
        while (i < MD_COUNT(cases) && strcmp(cases[i].file, line) != 0)
            i++;
        ck_assert_msg(i < MD_COUNT(cases), "MANIFEST.tsv lists %s, which has no expectations here", line);
        listed[i] = true;
    }
    fclose(f);
    for (size_t i = 0; i < MD_COUNT(cases); i++)
        ck_assert_msg(listed[i], "%s is not in MANIFEST.tsv", cases[i].file);
    ck_assert_uint_eq(files, MD_COUNT(cases));
    free(manifest);
    free(dir);
}
END_TEST

Suite *suite_corpus(void)
{
    Suite *s = suite_create("corpus");
    char *dir = corpus_dir();
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("corpus tests skipped: ../shared/corpus not found\n");
        free(dir);
        return s;
    }
    free(dir);
    TCase *tc = tcase_create("files");
    tcase_add_test(tc, test_manifest_covered);
    tcase_add_loop_test(tc, test_corpus_file, 0, (int)MD_COUNT(cases));
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
