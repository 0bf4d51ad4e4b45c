import bamboo.Bamboo;
import mpi.*;

@Bamboo
public enum BambooOnEnum {
    ONLY;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
    }
}
