// SPDX-License-Identifier: MIT
/*
 * The suite busybox's cases: a script, the standard output it must print and
 * its exit status, every one the same on Debian's Linux (make test-linux).
 * Each runs in its own empty directory (main.c), so a case makes the files
 * it reads.
 */
#include "busybox.h"
#include <fcntl.h>
#include <machine/stat.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/* df and mount read the mount table, /proc/mounts (Linux's fs/proc_namespace.c). */
static const char *need_proc_mounts(void)
{
	struct stat s;

	return syscall(__NR_newfstatat, AT_FDCWD, "/proc/mounts", &s, 0) == 0
		       ? NULL
		       : "no /proc/mounts to read the mount table from";
}

/* /proc/PID of another process than the caller (the shell's, from its child). */
static const char *need_proc_pid_dirs(void)
{
	struct stat s;

	return syscall(__NR_newfstatat, AT_FDCWD, "/proc/1", &s, 0) == 0
		       ? NULL
		       : "no /proc/PID directories";
}

/* ps reads /proc/PID/stat for every PID a readdir of /proc lists. */
static const char *need_proc_readdir(void)
{
	struct stat s;

	return syscall(__NR_newfstatat, AT_FDCWD, "/proc/1/stat", &s, 0) == 0
		       ? NULL
		       : "no /proc/PID/stat for ps to read";
}

#define CASE(n, s, o, st)         \
	{                         \
		n, s, o, st, NULL \
	}
#define CASE_IF(n, s, o, st, need) \
	{                          \
		n, s, o, st, need  \
	}

const struct bb_case bb_cases[] = {
	/* ---- files and directories ---- */
	CASE("ls_lists_sorted", "touch b a c; ls", "a\nb\nc\n", 0),
	CASE("ls_a_shows_dot_entries", "touch f; ls -a", ".\n..\nf\n", 0),
	CASE("ls_ld_mode_string", "mkdir d; chmod 750 d; ls -ld d | cut -c1-10", "drwxr-x---\n", 0),
	CASE("ls_missing_status_1", "ls nosuch 2>/dev/null; echo $?", "1\n", 0),
	CASE("mkdir_p_nested", "mkdir -p a/b/c && ls -R a", "a:\nb\n\na/b:\nc\n\na/b/c:\n", 0),
	CASE("mkdir_existing_fails", "mkdir d; mkdir d 2>/dev/null; echo $?", "1\n", 0),
	CASE("rmdir_empty_and_nonempty",
	     "mkdir e f; touch f/x; rmdir e; rmdir f 2>/dev/null; echo $?; ls", "1\nf\n", 0),
	CASE("cp_copies_bytes", "printf 'abc\\n' > a; cp a b; cat b; cmp a b && echo same",
	     "abc\nsame\n", 0),
	CASE("cp_r_tree", "mkdir -p s/t; echo x > s/t/f; cp -r s d; cat d/t/f", "x\n", 0),
	CASE("mv_renames", "echo 1 > a; mv a b; ls; cat b", "b\n1\n", 0),
	CASE("mv_into_directory", "mkdir d; touch f; mv f d/; ls d", "f\n", 0),
	CASE("rm_r_tree", "mkdir -p a/b/c; touch a/b/c/f a/x; rm -r a; ls -a", ".\n..\n", 0),
	CASE("rm_f_missing_ok", "rm -f nosuch; echo $?", "0\n", 0),
	CASE("ln_s_and_readlink", "echo hi > t; ln -s t l; readlink l; cat l", "t\nhi\n", 0),
	CASE("ln_hard_link_count", "touch a; ln a b; stat -c %h a", "2\n", 0),
	CASE("ln_s_dangling", "ln -s nowhere l; test -L l && echo link; test -e l || echo dangling",
	     "link\ndangling\n", 0),
	CASE("find_name", "mkdir -p a/b; touch a/x.c a/b/y.c a/b/z.h; find . -name '*.c' | sort",
	     "./a/b/y.c\n./a/x.c\n", 0),
	CASE("find_type_d", "mkdir -p a/b; touch a/f; find . -type d | sort", ".\n./a\n./a/b\n", 0),
	CASE("stat_size_type_mode", "printf 12345 > f; chmod 640 f; stat -c '%s %F %a' f",
	     "5 regular file 640\n", 0),
	CASE("stat_directory", "mkdir d; stat -c '%F %a' d", "directory 755\n", 0),
	CASE("touch_sets_mtime", "touch -d '2020-01-02 03:04:05' f; stat -c %Y f", "1577934245\n",
	     0),
	CASE("touch_creates_empty", "touch f; stat -c %s f", "0\n", 0),
	CASE("chmod_symbolic", "touch f; chmod 600 f; chmod u+x,g+r f; stat -c %a f", "740\n", 0),
	CASE("umask_applies", "umask 077; touch f; mkdir d; stat -c %a f d", "600\n700\n", 0),
	CASE("du_counts_blocks", "mkdir d; head -c 10000 /dev/zero > d/f; du -k d/f | cut -f1",
	     "12\n", 0),
	CASE("du_s_directory",
	     "mkdir -p d/e; head -c 4096 /dev/zero > d/e/f; du -sk d/e/f | cut -f1", "4\n", 0),
	CASE_IF("df_root_header", "df -k / | head -n 1 | tr -s ' '",
		"Filesystem 1K-blocks Used Available Use% Mounted on\n", 0, need_proc_mounts),
	CASE("truncate_and_wc", "echo hello > f; truncate -s 2 f; wc -c < f", "2\n", 0),
	CASE("test_file_predicates",
	     "mkdir d; touch f; [ -d d ] && [ -f f ] && [ ! -e g ] && [ -r f ] && [ -w f ] && echo "
	     "yes",
	     "yes\n", 0),

	/* ---- text ---- */
	CASE("cat_concatenates", "echo a > x; echo b > y; cat x y", "a\nb\n", 0),
	CASE("echo_n_and_e", "echo -n a; echo -e 'b\\tc'", "ab\tc\n", 0),
	CASE("printf_formats", "printf '%s-%d-%x-%05.1f\\n' s 42 255 3.14159", "s-42-ff-003.1\n",
	     0),
	CASE("grep_matches_and_status",
	     "printf 'one\\ntwo\\nthree\\n' > f; grep t f; grep -c o f; grep -q z f; echo $?",
	     "two\nthree\n2\n1\n", 0),
	CASE("grep_v_i_n", "printf 'A\\nb\\na\\n' | grep -in a; printf 'a\\nb\\n' | grep -v a",
	     "1:A\n3:a\nb\n", 0),
	CASE("grep_E_alternation", "printf 'cat\\ndog\\nbird\\n' | grep -E 'cat|bird'",
	     "cat\nbird\n", 0),
	CASE("sed_substitute", "echo 'hello world' | sed 's/o/0/g'", "hell0 w0rld\n", 0),
	CASE("sed_in_place_and_lines",
	     "printf '1\\n2\\n3\\n' > f; sed -i '2d' f; cat f; sed -n '$p' f", "1\n3\n3\n", 0),
	CASE("awk_fields_and_sum",
	     "printf '1 a\\n2 b\\n3 c\\n' | awk '{ s += $1; t = t $2 } END { print s, t }'",
	     "6 abc\n", 0),
	CASE("awk_printf_and_nr",
	     "printf 'x\\ny\\n' | awk '{ printf \"%d:%s\\n\", NR, toupper($0) }'", "1:X\n2:Y\n", 0),
	CASE("sort_numeric_reverse",
	     "printf '10\\n9\\n100\\n' | sort -n; printf 'a\\nc\\nb\\n' | sort -r",
	     "9\n10\n100\nc\nb\na\n", 0),
	CASE("sort_u_and_k", "printf 'b 2\\na 1\\nb 2\\n' | sort -u -k2,2n", "a 1\nb 2\n", 0),
	CASE("uniq_c", "printf 'a\\na\\nb\\na\\n' | uniq -c | tr -s ' '", " 2 a\n 1 b\n 1 a\n", 0),
	CASE("wc_lines_words_bytes", "printf 'one two\\nthree\\n' | wc -l -w -c | tr -s ' '",
	     " 2 3 14\n", 0),
	CASE("head_and_tail", "seq 1 10 > f; head -n 2 f; tail -n 2 f; tail -c 3 f",
	     "1\n2\n9\n10\n10\n", 0),
	CASE("cut_fields_and_chars", "echo 'a:b:c' | cut -d: -f2,3; echo abcdef | cut -c2-4",
	     "b:c\nbcd\n", 0),
	CASE("tr_ranges_and_delete", "echo hello | tr a-z A-Z; echo hello | tr -d l",
	     "HELLO\nheo\n", 0),
	CASE("md5sum_of_text", "printf abc | md5sum", "900150983cd24fb0d6963f7d28e17f72  -\n", 0),
	CASE("sha256sum_of_file", "printf abc > f; sha256sum f",
	     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  f\n", 0),
	CASE("sha1sum_check", "echo data > f; sha1sum f > s; sha1sum -c s", "f: OK\n", 0),
	CASE("od_hex_dump", "printf 'AB' | od -An -tx1", " 41 42\n", 0),
	CASE("xargs_batches", "printf 'a b c\\n' | xargs -n 2 echo", "a b\nc\n", 0),
	CASE("basename_dirname", "basename /a/b/c.txt .txt; dirname /a/b/c.txt", "c\n/a/b\n", 0),
	CASE("expr_and_arith", "expr 6 \\* 7; echo $(( (1 << 10) % 1000 ))", "42\n24\n", 0),
	CASE("tar_round_trip",
	     "mkdir d; echo x > d/f; tar cf t.tar d; rm -r d; tar xf t.tar; cat d/f", "x\n", 0),
	CASE("gzip_round_trip", "echo packed > f; gzip f; ls; gunzip f.gz; cat f", "f.gz\npacked\n",
	     0),

	/* ---- pipes and redirections ---- */
	CASE("pipe_three_stages", "seq 1 5 | grep -v 3 | tr '\\n' ' '", "1 2 4 5 ", 0),
	CASE("redirect_truncate_and_append", "echo a > f; echo b >> f; echo c > g; cat f g",
	     "a\nb\nc\n", 0),
	CASE("redirect_stderr_to_stdout", "ls nosuch 2>&1 | grep -c nosuch", "1\n", 0),
	CASE("redirect_stdin", "echo from-file > f; read x < f; echo $x", "from-file\n", 0),
	CASE("here_document", "cat <<EOF\nline $((1+1))\nEOF", "line 2\n", 0),
	CASE("here_document_quoted", "cat <<'EOF'\n$HOME\nEOF", "$HOME\n", 0),
	CASE("pipeline_status_is_last", "false | true; echo $?; true | false; echo $?", "0\n1\n",
	     0),
	CASE("command_substitution", "x=$(echo a; echo b); echo \"$x\" | wc -l", "2\n", 0),
	CASE("exec_fd_redirection", "exec 3> f; echo via3 >&3; exec 3>&-; cat f", "via3\n", 0),
	CASE("noclobber_refuses", "set -C; echo 1 > f; echo 2 > f 2>/dev/null; echo $?; cat f",
	     "1\n1\n", 0),

	/* ---- background jobs and wait (no terminal) ---- */
	CASE("background_sleep_wait", "sleep 0 & wait; echo done", "done\n", 0),
	CASE("wait_pid_exit_status", "(exit 3) & wait $!; echo $?", "3\n", 0),
	CASE("kill_job_percent_1", "sleep 10 & kill %1; wait %1; echo $?", "143\n", 0),
	CASE("kill_pid_term_status", "sleep 10 & p=$!; kill $p; wait $p; echo $?", "143\n", 0),
	CASE("two_jobs_both_waited", "(sleep 0; echo a > a) & (echo b > b) & wait; cat a b",
	     "a\nb\n", 0),
	CASE("subshell_exit_status", "(exit 7); echo $?", "7\n", 0),
	CASE("exit_status_of_script", "exit 5", "", 5),
	CASE("timeout_kills", "timeout 1 sleep 5; echo $?", "143\n", 0),

	/* ---- scripts ---- */
	CASE("shebang_script", "printf '#!/bin/sh\\necho script $1\\n' > s; chmod +x s; ./s arg",
	     "script arg\n", 0),
	CASE("shebang_not_executable",
	     "printf '#!/bin/sh\\necho no\\n' > s; ./s 2>/dev/null; echo $?", "126\n", 0),
	CASE("function_and_return", "f() { echo in $1; return 4; }; f x; echo $?", "in x\n4\n", 0),
	CASE("for_while_loops",
	     "for i in 1 2 3; do printf $i; done; n=0; while [ $n -lt 3 ]; do n=$((n+1)); done; "
	     "echo $n",
	     "1233\n", 0),
	CASE("case_statement",
	     "for w in apple kiwi; do case $w in a*) echo A;; *) echo other;; esac; done",
	     "A\nother\n", 0),
	CASE("trap_exit", "trap 'echo bye' EXIT; echo hi", "hi\nbye\n", 0),
	CASE("trap_signal_to_self", "trap 'echo got USR1' USR1; kill -USR1 $$; echo after",
	     "got USR1\nafter\n", 0),
	CASE("set_e_stops", "set -e; false; echo not-reached", "", 1),
	CASE("source_file", "echo 'v=sourced' > lib.sh; . ./lib.sh; echo $v", "sourced\n", 0),
	CASE("sh_s_reads_stdin", "echo 'echo from stdin' | sh -s", "from stdin\n", 0),

	/* ---- /dev ---- */
	CASE("dev_null_swallows", "echo x > /dev/null; wc -c < /dev/null", "0\n", 0),
	CASE("dev_zero_head_c", "head -c 5 /dev/zero | od -An -tx1", " 00 00 00 00 00\n", 0),
	CASE("dev_urandom_bytes", "head -c 32 /dev/urandom | wc -c", "32\n", 0),
	CASE("dev_full_enospc", "echo x > /dev/full 2>/dev/null; echo $?", "1\n", 0),
	CASE("dev_nodes_types", "stat -c '%F %t:%T' /dev/null /dev/zero",
	     "character special file 1:3\ncharacter special file 1:5\n", 0),

	/* ---- /proc ---- */
	CASE("proc_self_maps_stack", "grep -c '\\[stack\\]' /proc/self/maps", "1\n", 0),
	CASE("proc_self_exe_is_busybox", "readlink /proc/self/exe", "/bin/busybox\n", 0),
	CASE("proc_self_status_name", "grep '^Name:' /proc/self/status", "Name:\tgrep\n", 0),
	CASE("proc_self_cmdline", "cat /proc/self/cmdline | tr '\\0' ' '; echo",
	     "cat /proc/self/cmdline \n", 0),
	CASE_IF("proc_shell_pid_directory", "test -d /proc/$$ && readlink /proc/$$/exe",
		"/bin/busybox\n", 0, need_proc_pid_dirs),
	CASE_IF("ps_lists_itself", "ps -o comm | grep -c '^ps$'", "1\n", 0, need_proc_readdir),

	/* ---- cd, pwd, env ---- */
	CASE("cd_pwd", "cd /tmp && pwd; mkdir -p x/y; cd x/y && basename $(pwd)", "/tmp\ny\n", 0),
	CASE("cd_dotdot_and_minus",
	     "mkdir a; cd a; cd ..; basename $PWD; cd /; cd - >/dev/null; basename $PWD",
	     "cd_dotdot_and_minus\ncd_dotdot_and_minus\n", 0),
	CASE("cd_missing_fails", "cd /nosuch 2>/dev/null; echo $?", "2\n", 0),
	CASE("pwd_P_resolves_link",
	     "mkdir real; ln -s real l; cd l; pwd -P | sed 's|.*/||'; pwd | sed 's|.*/||'",
	     "real\nl\n", 0),
	CASE("env_i_and_assignment", "env -i A=1 B=2 env | sort", "A=1\nB=2\n", 0),
	CASE("export_to_child", "export X=exported; sh -c 'echo $X'; Y=inline sh -c 'echo $Y'",
	     "exported\ninline\n", 0),
	CASE("env_path_and_home", "echo $PATH $HOME", "/bin /tmp\n", 0),
	CASE("id_root", "id -u; id -g", "0\n0\n", 0),
	{ NULL, NULL, NULL, 0, NULL },
};
