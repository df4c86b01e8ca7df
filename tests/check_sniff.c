/* Sniffing: which reader a head of bytes needs. */
#include <stdlib.h>
#include <string.h>

#include "core/crc32c.h"
#include "mldiag/sniff.h"
#include "tests.h"

static md_format sniff(const char *text)
{
    return md_sniff((md_str){text, strlen(text)}, true, NULL);
}

static md_format sniff_n(const void *data, size_t n)
{
    return md_sniff((md_str){data, n}, true, NULL);
}

#define ck_assert_format(got, want)                                                               \
    ck_assert_msg((got) == (want), "sniffed %s, want %s", md_format_name(got), md_format_name(want))

/* Many lines of a console log, so that a few odd bytes are a small share. */
static md_buf console_log(void)
{
    md_buf b = {0};
    for (int i = 1; i <= 40; i++)
        md_buf_printf(&b, "step %d, loss: %.3f, lr: 1.0e-04, time: 450.2ms\n", i, 10.0 / i);
    return b;
}

START_TEST(test_empty)
{
    ck_assert_format(sniff(""), MD_FMT_EMPTY);
    ck_assert_format(sniff(" \n\t\r\n  \n"), MD_FMT_EMPTY);
    /* Padding that fills a head with more after it is the start of a log. */
    char pad[4096];
    memset(pad, '\n', sizeof pad);
    ck_assert_format(md_sniff((md_str){pad, sizeof pad}, false, NULL), MD_FMT_TEXT);
    ck_assert_format(md_sniff((md_str){pad, sizeof pad}, true, NULL), MD_FMT_EMPTY);
    memset(pad, '\0', sizeof pad);
    ck_assert_format(md_sniff((md_str){pad, sizeof pad}, false, NULL), MD_FMT_TEXT);
    ck_assert_format(md_sniff((md_str){pad, sizeof pad}, true, NULL), MD_FMT_BINARY);
}
END_TEST

/* Bytes from a fixed xorshift sequence: binary data, the same each run. */
static void random_bytes(unsigned char *p, size_t n)
{
    uint64_t x = 88172645463325252ULL;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = (unsigned char)x;
    }
}

START_TEST(test_binary_garbage)
{
    unsigned char data[4096];
    random_bytes(data, sizeof data);
    ck_assert_format(sniff_n(data, sizeof data), MD_FMT_BINARY);

    /* W&B's run file of the known version is read; another is named. */
    ck_assert_format(sniff_n(":W&B\xe1\xbe\x00\x71\x9a\x07\x13\x61\x00\x01\x08\x01", 15), MD_FMT_WANDB);
    ck_assert_format(sniff_n(":W&B\xe1\xbe\x01\x71\x9a\x07\x13\x61\x00\x01\x08\x01", 15), MD_FMT_BINARY);

    /* Known binary kinds are named. */
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind(md_str_c(":W&B\x00\x01rest")), "W&B"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"PK\003\004....", 8}), "zip"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"\x80\x02}q", 4}), "pickle"));
    ck_assert_ptr_null(md_sniff_binary_kind(md_str_c("plain text")));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"BZh91AY&SY", 10}), "bzcat"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"\xfd" "7zXZ\0\0\x04", 8}), "xzcat"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"\x28\xb5\x2f\xfd\x04", 5}), "zstdcat"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){"\x1f\x8b\x08\0", 4}), "twice"));
    /* UTF-16 without its byte order mark is named, with the way out. */
    static const char le[] = "s\0t\0e\0p\0 \0001\0 \0l\0o\0s\0s\0 \0002\0.\0005\0\n\0";
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){le, sizeof le - 1}), "iconv -f UTF-16LE"));
    ck_assert_ptr_nonnull(strstr(md_sniff_binary_kind((md_str){le + 1, sizeof le - 2}), "iconv -f UTF-16BE"));
}
END_TEST

START_TEST(test_nul_inside_text_log)
{
    md_buf b = console_log();
    b.p[100] = '\0';
    b.p[500] = '\0';
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_TEXT);
    md_buf_free(&b);
}
END_TEST

/* A log whose last blocks were never written reads as text followed by
 * zeros: the zeros are a hole, not binary data, however many. A head of
 * nothing but zeros has no text in it, and random bytes with zeros between
 * them are still binary. */
START_TEST(test_nul_hole_after_text_log)
{
    md_buf b = console_log();
    size_t text = b.n;
    for (size_t i = 0; i < 20 * text; i++)
        md_buf_putc(&b, '\0');
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_TEXT);
    ck_assert_format(sniff_n(b.p + text, b.n - text), MD_FMT_BINARY);

    unsigned char data[4096] = {0};
    uint64_t x = 88172645463325252ULL;
    for (size_t i = 0; i < sizeof data; i += 64)
        for (size_t k = 0; k < 32; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            data[i + k] = (unsigned char)x;
        }
    ck_assert_format(sniff_n(data, sizeof data), MD_FMT_BINARY);
    md_buf_free(&b);
}
END_TEST

/* Random bytes dumped into a log after 4 KiB of its lines: a log, which
 * the readers read around; the same bytes first, or after a line, are
 * binary. */
START_TEST(test_blob_after_text_lines)
{
    unsigned char blob[20000];
    random_bytes(blob, sizeof blob);
    md_buf b = {0};
    for (int i = 1; i <= 150; i++)
        md_buf_printf(&b, "{\"step\": %d, \"loss\": %.4f}\n", i, 2.0 / i);
    ck_assert_uint_ge(b.n, 4096);
    md_buf_put(&b, blob, sizeof blob);
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_JSONL);
    md_buf_reset(&b);
    md_buf_puts(&b, "{\"step\": 1, \"loss\": 2.0}\n");
    md_buf_put(&b, blob, sizeof blob);
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_BINARY);
    ck_assert_format(sniff_n(blob, sizeof blob), MD_FMT_BINARY);
    md_buf_free(&b);
}
END_TEST

START_TEST(test_invalid_utf8_text)
{
    md_buf b = console_log();
    /* Latin-1 bytes and a stray continuation byte. */
    md_buf_puts(&b, "caf\xe9 na\xefve r\xe9sum\xe9 \x80\xbf\xfe\xff\n");
    md_buf_printf(&b, "%s", "step 41, loss: 0.2\n");
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_TEXT);
    md_buf_free(&b);
}
END_TEST

START_TEST(test_json_document)
{
    ck_assert_format(sniff("{\n  \"log_history\": [\n    {\"loss\": 1.0, \"step\": 1}\n  ]\n}\n"),
                     MD_FMT_JSON);
    ck_assert_format(sniff("  [{\"loss\": 1.0}, {\"loss\": 0.9}]"), MD_FMT_JSON);
    ck_assert_format(sniff("{\"_step\": 16, \"train/loss\": 0.17}"), MD_FMT_JSON);
    ck_assert_format(sniff("{}"), MD_FMT_JSON);
}
END_TEST

START_TEST(test_jsonl)
{
    ck_assert_format(sniff("{\"iteration\": 19, \"total_loss\": 2.1}\n"
                           "{\"iteration\": 39, \"total_loss\": 1.8}\n"),
                     MD_FMT_JSONL);
    /* A brace inside a string does not end the object. */
    ck_assert_format(sniff("{\"note\": \"a } b\", \"loss\": 1}\r\n{\"loss\": 2}\r\n"), MD_FMT_JSONL);
}
END_TEST

START_TEST(test_python_dict_is_text)
{
    ck_assert_format(sniff("{'loss': 1}\n{'loss': 0.9}\n"), MD_FMT_TEXT);
    ck_assert_format(sniff("{'loss': 0.6914, 'grad_norm': 0.27, 'epoch': 0.02}\n"), MD_FMT_TEXT);
}
END_TEST

START_TEST(test_bracket_prefix_is_text)
{
    /* PySlowFast's json_stats lines: commas hidden in quotes alike on every
     * line, but a brace is no CSV header's. */
    ck_assert_format(sniff("[INFO: logging.py:   67]: json_stats: {\"_type\": \"train_iter\", \"cur_iter\": \"10\", "
                           "\"eta\": \"1 day, 14:35:48\", \"loss\": 0.177622, \"lr\": 0.1}\n"
                           "[INFO: logging.py:   67]: json_stats: {\"_type\": \"train_iter\", \"cur_iter\": \"20\", "
                           "\"eta\": \"12:18:36\", \"loss\": 0.168755, \"lr\": 0.1}\n"
                           "[INFO: logging.py:   67]: json_stats: {\"_type\": \"train_iter\", \"cur_iter\": \"30\", "
                           "\"eta\": \"12:18:30\", \"loss\": 0.171540, \"lr\": 0.1}\n"),
                     MD_FMT_TEXT);
    ck_assert_format(sniff("[INFO 2024-01-01 12:00:00] step 1 loss 2.3\n"), MD_FMT_TEXT);
    ck_assert_format(sniff("[2025-04-01 06:58:03] loss: 1.2\n"), MD_FMT_TEXT);
    ck_assert_format(sniff("[rank0]: Traceback (most recent call last):\n"), MD_FMT_TEXT);
    /* A stray bracket before a bracketed count is no array of arrays. */
    ck_assert_format(sniff("[[epoch 1/20, episode 50/100] => loss: 4.09434, acc: 0.01667\n"
                           "[epoch 1/20, episode 100/100] => loss: 4.09434, acc: 0.01667\n"),
                     MD_FMT_TEXT);
    ck_assert_format(sniff("[[1, 2.5], [2, 2.4]]\n"), MD_FMT_JSON);
}
END_TEST

START_TEST(test_csv)
{
    ck_assert_format(sniff("epoch,step,train_loss,val_loss\n0,49,2.3,\n0,99,,2.5\n1,149,2.1,\n"),
                     MD_FMT_CSV);
    ck_assert_format(sniff("\"step\",\"loss\"\n\"1\",\"2.5\"\n\"2\",\"2.4\"\n"), MD_FMT_CSV);
    /* Comment lines before the header, whatever the name (Stable-Baselines3's
     * monitor.csv read from stdin). */
    ck_assert_format(sniff("#{\"t_start\": 1700000000.1, \"env_id\": \"CartPole-v1\"}\nr,l,t\n"
                           "22.0,22,0.05\n31.0,31,0.11\n18.0,18,0.14\n"),
                     MD_FMT_CSV);
    ck_assert_format(sniff("# exported by a script\nstep,loss\n0,2.5\n1,2.4\n2,2.3\n"), MD_FMT_CSV);
    ck_assert_format(sniff("               epoch,      train/box_loss\n"
                           "                   0,            0.066099\n"
                           "                   1,            0.043821\n"),
                     MD_FMT_CSV);
}
END_TEST

/* nvidia-smi --format=csv writes units in its cells; its log is told from
 * its content, named gpu.log or not. A line of prose with a percent is
 * not a table. */
START_TEST(test_nvidia_smi_csv_by_content)
{
    ck_assert_format(sniff("timestamp, index, name, utilization.gpu [%], memory.used [MiB], power.draw [W]\n"
                           "2024/06/03 09:00:05.000, 0, NVIDIA A100-SXM4-80GB, 0 %, 1824 MiB, 62.74 W\n"
                           "2024/06/03 09:00:05.001, 1, NVIDIA A100-SXM4-80GB, 97 %, 61234 MiB, 301.25 W\n"),
                     MD_FMT_CSV);
    ck_assert_format(sniff("GPU use, in percent\nepoch 1, 97 %\nepoch 2, 95 %\n"), MD_FMT_TEXT);
    /* A job script that prints the GPUs' table, then trains: a console log. */
    md_buf b = {0};
    md_buf_puts(&b, "index, name, utilization.gpu [%], memory.used [MiB]\n");
    for (int g = 0; g < 8; g++)
        md_buf_printf(&b, "%d, NVIDIA A100-SXM4-80GB, 0 %%, 0 MiB\n", g);
    for (int s = 1; s <= 60; s++)
        md_buf_printf(&b, "step %d, loss: %.4f, lr: 0.0003\n", s, 3.0 - s * 0.01);
    ck_assert_format(sniff_n(b.p, b.n), MD_FMT_TEXT);
    md_buf_free(&b);
}
END_TEST

START_TEST(test_tsv)
{
    ck_assert_format(sniff("step\tloss\tlr\n1\t2.5\t0.1\n2\t2.4\t0.1\n"), MD_FMT_CSV);
}
END_TEST

START_TEST(test_prose_with_commas_is_text)
{
    ck_assert_format(sniff("step 1, loss: 2.0, lr: 0.1\nstep 2, loss: 1.9, lr: 0.1\n"), MD_FMT_TEXT);
    ck_assert_format(sniff("Hello, world\nGoodbye, world\n"), MD_FMT_TEXT);
    /* A console line whose first loss groups its thousands is no header. */
    ck_assert_format(sniff("step 100 loss 1,053.1 tokens 409,600\nstep 200 loss 768.8 tokens 819,200\n"
                           "step 300 loss 565.0 tokens 1,228,800\nstep 400 loss 415.2 tokens 1,638,400\n"
                           "step 500 loss 305.8 tokens 2,048,000\n"),
                     MD_FMT_TEXT);
    /* 24-bit colours and an OSC 8 link part each line at ';' alike. */
    ck_assert_format(sniff("step 1 \x1b[38;2;255;0;0mloss=1.99\x1b[m \x1b]8;;x\x1b\\\n"
                           "step 2 \x1b[38;2;255;0;0mloss=1.98\x1b[m \x1b]8;;x\x1b\\\n"
                           "step 3 \x1b[38;2;255;0;0mloss=1.97\x1b[m \x1b]8;;x\x1b\\\n"),
                     MD_FMT_TEXT);
}
END_TEST

/* A log pasted with "cat -n": each line's number, a tab, the line. */
START_TEST(test_numbered_lines_are_text)
{
    ck_assert_format(sniff("   812\tstep=40 loss=1.75\n   813\tstep=50 loss=1.5\n   814\tstep=60 loss=1.25\n"),
                     MD_FMT_TEXT);
}
END_TEST

START_TEST(test_header_only_csv_by_name)
{
    const char *head = "epoch,train_loss,val_loss\n";
    ck_assert_format(md_sniff(md_str_c(head), true, "logs/metrics.csv"), MD_FMT_CSV);
    ck_assert_format(md_sniff(md_str_c(head), true, "logs/metrics.txt"), MD_FMT_TEXT);
}
END_TEST

START_TEST(test_mlflow)
{
    ck_assert_format(sniff("1628697792090 332.6841735839844 0\n"
                           "1628697795789 297.6000061035156 1\n"
                           "1628697799319 270.32366943359375 2\n"),
                     MD_FMT_MLFLOW);
    /* Three numbers that are not a millisecond timestamp first are not. */
    ck_assert_format(sniff("1 2.5 3\n2 2.4 4\n"), MD_FMT_TEXT);
}
END_TEST

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

START_TEST(test_tfrecord_header)
{
    unsigned char rec[64] = {0};
    put_le(rec, 24, 8);
    put_le(rec + 8, md_crc32c_masked(rec, 8), 4);
    memcpy(rec + 12, "\x09\0\0\0\0\0\0\0\0\x1a\x0d" "brain.Event:2", 24);
    ck_assert_format(sniff_n(rec, 12 + 24 + 4), MD_FMT_TFEVENTS);

    /* A wrong length CRC is not TFRecord framing. */
    rec[8] ^= 0x01;
    ck_assert_format(sniff_n(rec, 12 + 24 + 4), MD_FMT_BINARY);
}
END_TEST

Suite *suite_sniff(void)
{
    Suite *s = suite_create("sniff");
    TCase *tc = tcase_create("formats");
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_binary_garbage);
    tcase_add_test(tc, test_nul_inside_text_log);
    tcase_add_test(tc, test_nul_hole_after_text_log);
    tcase_add_test(tc, test_invalid_utf8_text);
    tcase_add_test(tc, test_blob_after_text_lines);
    tcase_add_test(tc, test_json_document);
    tcase_add_test(tc, test_jsonl);
    tcase_add_test(tc, test_python_dict_is_text);
    tcase_add_test(tc, test_bracket_prefix_is_text);
    tcase_add_test(tc, test_csv);
    tcase_add_test(tc, test_tsv);
    tcase_add_test(tc, test_nvidia_smi_csv_by_content);
    tcase_add_test(tc, test_prose_with_commas_is_text);
    tcase_add_test(tc, test_numbered_lines_are_text);
    tcase_add_test(tc, test_header_only_csv_by_name);
    tcase_add_test(tc, test_mlflow);
    tcase_add_test(tc, test_tfrecord_header);
    suite_add_tcase(s, tc);
    return s;
}
