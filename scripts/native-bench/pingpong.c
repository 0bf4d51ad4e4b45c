/* The C reference of PingPong.java: the same three measurements, the same output lines. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SMALL 8
#define LARGE (1 << 20)
#define WINDOW 16

static double ping_pong(int me, char *buf, int len, int iters) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (me == 0) {
            MPI_Send(buf, len, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, len, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (me == 1) {
            MPI_Recv(buf, len, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, len, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t0) / iters / 2;
}

static double stream(int me, char *buf, int windows) {
    MPI_Request req[WINDOW];
    MPI_Status st[WINDOW];
    char ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int w = 0; w < windows; w++) {
        for (int i = 0; i < WINDOW; i++) {
            if (me == 0) {
                MPI_Isend(buf, LARGE, MPI_BYTE, 1, 2, MPI_COMM_WORLD, &req[i]);
            } else {
                MPI_Irecv(buf, LARGE, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &req[i]);
            }
        }
        MPI_Waitall(WINDOW, req, st);
        if (me == 0) {
            MPI_Recv(&ack, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Send(&ack, 1, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
        }
    }
    return (double) LARGE * WINDOW * windows / (MPI_Wtime() - t0) / 1e6;
}

/* CPU time of rank 0's thread per 8-byte Sendrecv with itself, in microseconds. */
static double self(int me, char *buf, int iters) {
    char in[SMALL];
    struct timespec a, b;
    double us = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) {
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        for (int i = 0; i < iters; i++) {
            MPI_Sendrecv(buf, SMALL, MPI_BYTE, 0, 4, in, SMALL, MPI_BYTE, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        us = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e3 / iters;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return us;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int repeats = quick ? 3 : 5, small_iters = quick ? 20000 : 100000, large_iters = quick ? 50 : 200;
    int windows = quick ? 10 : 40, me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    char *small = calloc(SMALL, 1), *large = calloc(LARGE, 1);
    double lat[8], pp[8], st[8], sf[8];
    ping_pong(me, small, SMALL, small_iters);
    self(me, small, 2 * small_iters);
    ping_pong(me, large, LARGE, large_iters / 4);
    for (int r = 0; r < repeats; r++) {
        lat[r] = ping_pong(me, small, SMALL, small_iters) * 1e6;
        pp[r] = LARGE / ping_pong(me, large, LARGE, large_iters) / 1e6;
        st[r] = stream(me, large, windows);
        sf[r] = self(me, small, small_iters);
    }
    if (me == 0) {
        qsort(lat, repeats, sizeof(double), cmp);
        qsort(pp, repeats, sizeof(double), cmp);
        qsort(st, repeats, sizeof(double), cmp);
        qsort(sf, repeats, sizeof(double), cmp);
        printf("metric latency_8B %.3f us\n", lat[repeats / 2]);
        printf("metric pingpong_1MiB %.0f MB/s\n", pp[repeats / 2]);
        printf("metric stream_1MiB %.0f MB/s\n", st[repeats / 2]);
        printf("metric self_8B_cpu %.3f us\n", sf[repeats / 2]);
    }
    free(small);
    free(large);
    MPI_Finalize();
    return 0;
}
