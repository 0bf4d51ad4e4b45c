/* OsuProgram.java in C: the same sizes, counts and output lines ("osu SIZE LATENCY_US MB_PER_S" from
 * rank 0), the reference the Java devices are compared with. Args: sizes in bytes, comma-separated;
 * "quick" or "full". Built by the bench with the MPI's own mpicc. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int window(long size) { return size < 64 * 1024 ? 64 : 16; }

static int ping_pongs(long size, int quick) {
    long base = quick ? 2000 : 10000;
    if (size <= 8192) return (int) base;
    long n = base * 8192 / size, least = quick ? 10 : 40;
    return (int) (n > least ? n : least);
}

static int windows(long size, int quick) {
    long bytes = (quick ? 64L : 256L) << 20, most = quick ? 200 : 1000;
    long n = bytes / ((long) window(size) * (size > 0 ? size : 1));
    if (n > most) n = most;
    return (int) (n < 5 ? 5 : n);
}

static double latency(int me, char *buf, int size, int n) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < n; i++) {
        if (me == 0) {
            MPI_Send(buf, size, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, size, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, size, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, size, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t0) * 1e6 / n / 2;
}

static double bandwidth(int me, char *buf, int size, int n) {
    int w = window(size);
    MPI_Request req[64];
    char ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < w; i++) {
            if (me == 0) MPI_Isend(buf, size, MPI_BYTE, 1, 2, MPI_COMM_WORLD, &req[i]);
            else MPI_Irecv(buf, size, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &req[i]);
        }
        MPI_Waitall(w, req, MPI_STATUSES_IGNORE);
        if (me == 0) MPI_Recv(&ack, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else MPI_Send(&ack, 1, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
    }
    return (double) n * w * size / (MPI_Wtime() - t0) / 1e6;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 2 || np != 2) {
        if (me == 0) fprintf(stderr, "osu: usage: osu SIZES [quick|full], on 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int quick = argc < 3 || strcmp(argv[2], "full") != 0;
    char *sizes = strdup(argv[1]);
    for (char *s = strtok(sizes, ","); s; s = strtok(NULL, ",")) {
        long size = atol(s);
        char *buf = calloc(size > 0 ? size : 1, 1);
        int n = ping_pongs(size, quick);
        latency(me, buf, (int) size, n / 10 > 2 ? n / 10 : 2);
        double us = latency(me, buf, (int) size, n);
        int w = windows(size, quick);
        bandwidth(me, buf, (int) size, w / 10 > 1 ? w / 10 : 1);
        double mbps = bandwidth(me, buf, (int) size, w);
        if (me == 0) {
            printf("osu %ld %.3f %.4f\n", size, us, mbps);
            fflush(stdout);
        }
        free(buf);
    }
    free(sizes);
    MPI_Finalize();
    return 0;
}
