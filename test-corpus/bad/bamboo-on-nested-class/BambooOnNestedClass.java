import bamboo.Bamboo;
import mpi.*;

public class BambooOnNestedClass {
    @Bamboo
    public static class Program {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            MPI.Finalize();
        }
    }
}
