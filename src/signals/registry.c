/* The table of signals: names, one-line definitions, functions. It drives
 * evaluation, the rule checker and `mldiag rules signals`. */
#include <string.h>

#include "signals/signals_int.h"

#define F(name, summary) {#name, summary, md_feat_##name}

static const md_feature series_features[] = {
    F(count, "points logged, NaN and Inf included"),
    F(finite, "finite points"),
    F(first, "first finite value"),
    F(last, "last finite value"),
    F(min, "smallest finite value"),
    F(max, "largest finite value"),
    F(min_step, "step of the smallest value"),
    F(max_step, "step of the largest value"),
    F(mean, "mean of the finite values"),
    F(std, "standard deviation of the finite values"),
    F(median, "median of the bucket means over the whole run"),
    F(first_step, "step of the first point"),
    F(last_step, "step of the last point"),
    F(steps, "last_step - first_step"),
    F(ordinal, "1 when the log gave no step numbers and steps count entries"),
    F(restarts, "times the step went backwards (a resumed or appended run)"),
    F(fresh_starts, "of the restarts, those back to the series' first step or before: another run from scratch "
                    "(a fold, a second model, a requeued job)"),
    F(first_line, "line of the first point in its input; of the last run's first where the log held several (runs)"),
    F(runs, "runs the log held: above 1, the series holds only the last, which had enough points to be judged alone"),
    F(nonfinite, "NaN and Inf points"),
    F(nan, "NaN points"),
    F(inf, "+Inf and -Inf points"),
    F(nonfinite_frac, "share of points that are NaN or Inf"),
    F(first_nonfinite_step, "step of the first NaN or Inf"),
    F(last_nonfinite_step, "step of the last NaN or Inf"),
    F(trailing_nonfinite, "NaN or Inf points at the end of the series, in a row"),
    F(last_repeats, "logs at the end, each at a step of its own, holding the last value (within 1e-5 of "
                    "it): a value that stopped moving"),
    F(last_repeats_step, "step of the first of those logs, where the value stopped moving (unknown under "
                         "two)"),
    F(leading_nonfinite, "NaN or Inf points before the first finite one (all of them when none is)"),
    F(finite_before_nonfinite, "finite points before the first NaN or Inf (unknown when none is)"),
    F(zero_frac, "share of finite points exactly 0"),
    F(first_zero_step, "step of the first point exactly 0"),
    F(before_zero, "the finite value just before the first point exactly 0"),
    F(zero_approach, "before_zero over the finite value before it: below 1 where the series was still "
                     "falling into its first 0 (0.37: threefold a log), near 1 where it dropped from a level"),
    F(first_positive_step, "step of the first point above 0 (where a counter of failures starts counting)"),
    F(resolution, "print precision when the log writes 9 in 10 nonzero values with the same "
                  "digits after the point (\"%.6f\": 0.000001); unknown otherwise"),
    F(zero_resolution, "the same for the zeros: 0.001 when they print as \"0.000\", 0 when as \"0\" or "
                       "\"0.0\" (an exact zero)"),
    F(best, "min, or max for higher-is-better series"),
    F(best_step, "step of best"),
    F(start_level, "median of bucket means over the first 10% of points"),
    F(end_level, "median of bucket means over the last 10% of points"),
    F(rel_change, "(end_level - start_level) / |start_level|; robust to single spikes"),
    F(growth_start_step, "where a series that ends above twice its start level left that level for "
                         "good: the first step of the segments above it to the end (unknown when the "
                         "series came back, or its start level is not above 0)"),
    F(chance_classes, "the label or vocabulary count K (2, 10, 1000, 32000, 50257, ...) whose ln K, the "
                      "loss of a uniform guess, end_level is within 0.5% of; unknown when none"),
    F(slope_end, "Theil-Sen change across the last 20% of points relative to end_level; "
                 "tolerates per-batch noise and outliers"),
    F(plateau_frac, "share of points, counted back from the end, no worse than the end level "
                    "and with no fitted gain to it beyond 3 standard errors of point noise: "
                    "the run made no progress there"),
    F(plateau_start_step, "first step of the final plateau"),
    F(min_smooth, "lowest of up to 64 segment means: the minimum one lucky batch cannot set"),
    F(min_smooth_step, "step of min_smooth"),
    F(rise_from_min, "(end_level - best) / |best|, best being the lowest segment mean before "
                     "the last tenth: how far the series climbed back from its best stretch"),
    F(retreat, "share of the climb from the best stretch to the highest stretch after it that the "
               "series gave back by its end (0: still at its top, 1: back at its best)"),
    F(rise_z, "how far the series got worse from that best stretch to the end, in standard "
              "errors of point noise (or of the segment means' own wobble, when larger: a "
              "periodic swing), less what picking the best of n stretches "
              "gains from noise alone (below 3: noise could draw it)"),
    F(best_smooth, "best segment mean before the last tenth (lowest, or highest for "
                   "higher-is-better series): the stretch rise_z measures from"),
    F(best_smooth_step, "step of best_smooth"),
    F(fall_from_max, "(max of segment means before the last tenth - end_level) / |that max|"),
    F(worse_from_best, "how much worse than its best stretch the series ended, as a share of it: "
                       "fall_from_max where higher is better (accuracy), rise_from_min where lower "
                       "is better (an error rate: WER, CER, EER)"),
    F(last_worst_share, "the last value as a share of the best (last / max where higher is better, "
                        "min / last where lower is) when the last is the series' worst; 1 when not"),
    F(converge_frac, "share of the run it took to cover 90% of the way from the start "
                     "(start_level, or the first segment when worse) to the best stretch "
                     "(near 0: the loss collapsed at once)"),
    F(converge_step, "step by which the series had covered that 90% (the end of the stretch where it did)"),
    F(increasing_frac, "share of consecutive bucket means that increase (1 for a cumulative clock)"),
    F(falling_frac, "share of consecutive bucket means that decrease (0 for a warm-up, however coarsely printed)"),
    F(climb_from_min, "points after the lowest one when each is higher than the one before, to the "
                      "end: a climb from the best point (0 when any fell back, or the lowest is last)"),
    F(rising_to_end, "1 when the series rose over the whole log and ends at its top (a warm-up read before it ends): it never fell, and rose in 90% of its steps or, printed within ten quanta of its top, reached the top in the second half"),
    F(noise, "point spread around the local trend (differences that cancel the curve, or within-bucket "
             "deviation, median-based) relative to the level of the last half"),
    F(oscillation, "1 - net/total movement of up to 48 segment means: 0 moves one way, "
                   "1 goes back and forth; per-batch noise averages out inside segments"),
    F(swing, "median move between neighbouring segment means relative to their median level"),
    F(swing_z, "swing in units of what the points' scatter within segments alone would give "
               "(below 3: per-batch noise); unknown below 3 points per segment"),
    F(shift_step, "first step of the segment whose mean moved most, relative to the one before "
                  "(where a throughput collapse or level shift happened)"),
    F(rise_jump_step, "where the largest climb from one segment to the next, after the lowest "
                      "segment, crossed its middle: where a series that rose jumped (a score: fell)"),
    F(rise_jump_share, "that climb's share of the rise from the lowest segment to the last (near 1: "
                       "the rise is one jump; small: a climb in many steps)"),
    F(spikes, "points that rose more than 8 mean absolute deviations and 10% above the "
              "level expected from a running EMA and its damped trend (frozen during a "
              "spike), and 0.1% of the first points' level"),
    F(max_spike, "largest spike peak / the level before it (1 when no spike)"),
    F(max_spike_step, "step of the largest spike's peak"),
    F(max_spike_start, "step where the largest spike began: its first point above the band"),
    F(spike_frac, "share of points spent inside spikes"),
    F(spikes_fast, "spikes back within the band in at most 5 points"),
    F(spikes_slow, "spikes back within the band after more than 5 points"),
    F(spikes_open, "spikes still open when the run ended (never recovered)"),
    F(at_max_frac, "share of points sitting exactly at the maximum (within 1e-6 relative)"),
    F(repeat_frac, "of a loss's first 256 points, the share whose exact value, to the last digit "
                   "printed, came before (unknown for other series)"),
    F(repeated_values, "of those points, the values that came more than once"),
    F(repeats_isolated_frac, "of those values, the share with no point one print quantum away: "
                             "repeats that noise, which fills the quanta around a value, does not make"),
    F(repeats_adjacent_frac, "of the repeated points, the share equal to the point just before: a "
                             "windowed median or a value held between prints repeats so"),
    F(at_min_frac, "share of points sitting exactly at the minimum (within 1e-6 relative)"),
    F(growth_before_nonfinite, "peak in the last 10% of points before the loss's first NaN "
                               "/ median level of the 10% before that"),
    F(rise_before_nonfinite, "(last value before the loss's first NaN - that earlier level) "
                             "/ |earlier level|"),
};

static const md_named text_signals[] = {
    {"event.ID.text", "the line of an event's first occurrence"},
    {"event.ID.last_text", "the line of its last occurrence"},
    {"run.worst_val_name", "name of the validation loss that climbed the most"},
    {"run.worst_score_name", "name of the validation score that fell the most"},
    {"run.worst_term_name", "name of the training loss term that climbed the most"},
    {"run.zero_term_name", "name of the training loss term that is exactly 0 throughout (zero_term_count)"},
    {"run.nonfinite_term_name", "name of the training loss term with the most NaN or Inf logs"},
    {"run.layer_grad_min_name", "name of the layer gradient norm with the smallest end level"},
};

const md_named *md_text_signals(size_t *n)
{
    *n = MD_COUNT(text_signals);
    return text_signals;
}

static const md_named event_features[] = {
    {"count", "times the event occurred (0 when it did not)"},
    {"first_step", "training step at its first occurrence"},
    {"first_line", "line of its first occurrence"},
    {"last_step", "training step at its last occurrence"},
    {"last_line", "line of its last occurrence"},
    {"tail_lines", "lines after its last occurrence in that input (0: the log ends with it)"},
    {"earlier_run", "1 when the loss held several runs and the event's last occurrence came before the last "
                    "run's first loss, in the loss's own input: an earlier attempt's"},
    {"same_text", "1 when its first and last occurrences say the same (one occurrence: 1)"},
    {"steps_after", "training steps its input logged after its last occurrence (0: training "
                    "stopped there; a caught error, a requeued job that resumed, go on)"},
    {"entries_after", "records of metrics its input logged after its last occurrence: what "
                      "steps_after says of a log without steps"},
    {"went_on", "1 when training went on after its last occurrence: three entries_after or "
                "more, and steps_after where the log has steps; else 0"},
    {"FIELD", "the value a field captured at the last occurrence; FIELD_first, FIELD_min, "
              "FIELD_max for the others"},
};

static const md_named log_features[] = {
    {"lines", "lines read, over all inputs"},
    {"stamps", "lines that began with a wall-clock timestamp"},
    {"duration_s", "seconds from the first timestamp to the last"},
    {"max_gap_s", "longest silence between timestamped lines, in seconds"},
    {"third_gap_s", "third-longest silence between timestamped lines (of the input with the longest), in seconds; "
                    "0 with fewer gaps"},
    {"max_gap_line", "line that ended the longest silence"},
    {"max_gap_step", "training step before the longest silence"},
    {"max_gap_step_after", "first training step a record gave after the longest silence"},
    {"tail_s", "seconds from the last timestamped line that gave a training step to the log's last timestamp"},
    {"typical_gap_s", "median gap between timestamped lines, in seconds"},
    {"hole_bytes", "NUL bytes in holes: runs of 16 and more, blocks the file system never wrote"},
    {"hole_end_bytes", "of those, the NUL bytes of the hole an input ends in (0 for none)"},
    {"hole_line", "line holding the last hole, or unknown"},
    {"hole_at_end", "1 when an input ends in a hole (the machine went down while the log grew)"},
    {"growing", "1 while mldiag watch follows an input that may still grow: where it ends now is "
                "not where the run ended"},
};

static const md_named run_features[] = {
    {"inputs", "files read"},
    {"cut_short", "1 when an input ended mid-record (a run still writing, or killed)"},
    {"snapshot", "1 when the planned length comes from a trainer_state.json, which every "
                 "checkpoint rewrites mid-run"},
    {"best_checkpoint_step", "step of the checkpoint the trainer kept as its best (HF's best_model_checkpoint), "
                             "or unknown"},
    {"declared_steps", "planned length the log printed (\"step 5/100\"), or unknown"},
    {"declared_floor", "1 when declared_steps is only the end of the epoch the run reached (its bar's length "
                       "known, the epochs planned not)"},
    {"last_step", "largest step any input reached"},
    {"progress", "last_step / declared_steps"},
    {"epoch_plan_done", "1 when the last epoch header that gives the epochs planned (\"Epoch 10/10\", "
                        "\"Epoch 9/10\" counted from 0) is the last epoch and values followed it, 0 when it "
                        "is an earlier one, unknown without such headers"},
    {"epoch_steps", "1 when the log counts epochs, not steps: its values are placed by an epoch "
                    "alone (\"Epoch 3/10\", on their line or a header's above it), never by a step"},
    {"steps_per_epoch", "steps in an epoch where the log counts them within it (\"Epoch: [9]  [5/6]\": 6), "
                        "or unknown"},
    {"series", "series found"},
    {"points", "points read"},
    {"nonfinite_metrics", "metric series other than the loss and the gradient norm holding NaN "
                          "or Inf: any the catalog names, other keys only when their last 3 values "
                          "are (clocks, rates, memory and counters excluded: their NaN is a "
                          "placeholder)"},
    {"nonfinite_metrics_step", "earliest step at which one of those metrics was NaN or Inf"},
    {"nonfinite_metrics_once_finite", "of those metrics, the ones NaN or Inf after a finite value (the "
                                      "others were NaN at every evaluation, or only in their first logs)"},
    {"nonfinite_loss_terms", "training loss terms (loss-kind series other than the loss and "
                             "the validation losses: spaCy's LOSS NER) holding NaN or Inf"},
    {"nonfinite_loss_terms_step", "earliest step at which one of those terms was NaN or Inf"},
    {"loss_fall_since_val_plateau", "how far the training loss fell, as a share of its level, from "
                                    "val_loss.plateau_start_step to its end level (positive: it fell)"},
    {"lr_restart_spikes", "share of the loss's spikes that began where the learning rate restarted: "
                          "jumped to twice its level or more after falling to half its peak (SGDR's warm "
                          "restarts); 0 with no restart, unknown without a learning rate or a spike"},
    {"lr_last_restart_step", "step where the learning rate last restarted (jumped to twice its level or "
                             "more after falling to half its peak), unknown with no restart"},
    {"term_on_step", "first step where a training loss term that was exactly 0 at its first three logs "
                     "and more turned positive (a term a schedule switched on), unknown where none did"},
    {"reference_free", "1 when the chosen and rejected rewards are one factor times their log-probabilities "
                       "(SimPO, CPO, ORPO: beta times the policy's own, no reference model), 0 when not, "
                       "unknown without the four series"},
    {"reinforcement", "1 when a reward is logged and no DPO margin: reinforcement learning, "
                      "whose loss is a policy-gradient surrogate centred on 0, not a quality measure"},
    {"ranks", "ranks whose loss the log holds (lines prefixed \"[rankN]:\")"},
    {"rank_loss_spread", "largest |other rank's end loss / main end loss - 1|"},
    {"worst_val_rise_from_min", "rise_from_min of the validation loss (any eval set or loss term: "
                                "val_loss, eval_g1_loss, val/box_loss; a perplexity only where no other "
                                "is logged) that climbed the most"},
    {"worst_val_rise_z", "rise_z of that validation loss"},
    {"worst_val_best_step", "step of that validation loss's best stretch"},
    {"worst_val_end_level", "end_level of that validation loss"},
    {"worst_val_min_smooth", "min_smooth of that validation loss"},
    {"worst_val_min", "min of that validation loss: its lowest single evaluation"},
    {"worst_val_min_step", "step of that validation loss's lowest single evaluation"},
    {"worst_val_count", "count of that validation loss's points"},
    {"worst_val_first_step", "step of that validation loss's first point"},
    {"worst_val_last_step", "step of that validation loss's last point"},
    {"worst_val_fresh_starts", "fresh_starts of that validation loss: several runs in one log"},
    {"worst_val_train_rel_change", "rel_change of the training series that validation loss measures "
                                   "on held-out data (val_box_loss: train_box_loss or box_loss; val_loss: "
                                   "loss); 0 where it ended before the validation loss's lowest"},
    {"worst_val_train_since_best", "relative change of that training series from its mean over the "
                                   "evaluation interval before that validation loss's best stretch to its "
                                   "mean over the interval before the last evaluation: whether it fell "
                                   "while the validation loss rose; unknown off one axis of steps"},
    {"worst_score_worse_from_best", "worse_from_best of the validation score that got the most "
                                    "worse (val_accuracy, eval_f1, valid_bleu, mAP; an error rate, "
                                    "eval_wer, val_cer, as the same share)"},
    {"worst_score_fall_from_max", "fall_from_max of that score"},
    {"worst_score_last_worst_share", "last_worst_share of that score"},
    {"worst_score_count", "points of that score"},
    {"worst_score_first_step", "step of that score's first point"},
    {"worst_score_last", "last value of that score"},
    {"worst_score_last_step", "step of that score's last point"},
    {"worst_score_best", "best value of that score (its min where lower is better)"},
    {"worst_score_rise_z", "rise_z of that score: how much worse it got, in standard errors of its noise"},
    {"worst_score_best_step", "step of that score's best stretch"},
    {"worst_score_best_smooth", "that score's best stretch (best_smooth)"},
    {"worst_score_end_level", "end_level of that score"},
    {"worst_score_finite", "finite points of that score"},
    {"worst_score_rise_jump_step", "rise_jump_step of that score: where it fell in one step change"},
    {"worst_score_rise_jump_share", "rise_jump_share of that score: that change's share of its fall"},
    {"worst_score_fresh_starts", "fresh_starts of that score: several runs in one log"},
    {"worst_term_rise_from_min", "rise_from_min of the training loss term (a loss other than the total "
                                 "and the validation losses: kl_loss, loss_cls) that climbed the most"},
    {"worst_term_rise_z", "rise_z of that loss term"},
    {"worst_term_count", "points of that loss term"},
    {"worst_term_best_step", "step of that loss term's best stretch"},
    {"worst_term_min_smooth", "min_smooth of that loss term"},
    {"worst_term_end_level", "end_level of that loss term"},
    {"worst_term_max", "max of that loss term"},
    {"worst_term_max_step", "step of that loss term's max"},
    {"zero_term_count", "logs of the training loss term that is exactly 0 in every one of five logs "
                        "and more while another loss is not (a detector's box loss with no boxes)"},
    {"zero_term_first_step", "step of that term's first log"},
    {"zero_term_zero_resolution", "zero_resolution of that term (0: written as an exact 0)"},
    {"nonfinite_term_nonfinite", "NaN or Inf logs of the training loss term with the most of them"},
    {"nonfinite_term_first_nonfinite_step", "step of that term's first NaN or Inf"},
    {"nonfinite_term_finite", "finite logs of that term"},
    {"layer_grads", "per-layer gradient norm series (grad_norm/LAYER, grad_2.0_norm/PARAM), not "
                    "counting layers whose gradient is mostly exactly 0 (frozen)"},
    {"layer_grad_min", "smallest end_level among them"},
    {"layer_grad_max", "largest end_level among them"},
};

const md_feature *md_series_features(size_t *n)
{
    *n = MD_COUNT(series_features);
    return series_features;
}

const md_named *md_event_features(size_t *n)
{
    *n = MD_COUNT(event_features);
    return event_features;
}

const md_named *md_log_features(size_t *n)
{
    *n = MD_COUNT(log_features);
    return log_features;
}

const md_named *md_run_features(size_t *n)
{
    *n = MD_COUNT(run_features);
    return run_features;
}

int md_series_feature_find(const char *name)
{
    for (size_t i = 0; i < MD_COUNT(series_features); i++)
        if (series_features[i].name[0] == name[0] && strcmp(series_features[i].name, name) == 0)
            return (int)i;
    return -1;
}
