extension Shard {
    /// The variable that gives the number of shards to a Kubernetes Indexed Job (its `completions`).
    public static let countVariable = "LINEART_SHARD_COUNT"

    /// The shard of this task of a job system, read from `environment` (`--shard env`).
    ///
    /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (from 0) is shard index + 1 of
    ///   `count`, else of `LINEART_SHARD_COUNT`.
    /// - Slurm job array: `SLURM_ARRAY_TASK_ID`, counted from `SLURM_ARRAY_TASK_MIN` in steps of
    ///   `SLURM_ARRAY_TASK_STEP` (`--array=1-8` and `--array=0-7` are both shards 1 to 8), of
    ///   `count`, else of `SLURM_ARRAY_TASK_COUNT`.
    /// - Parameter count: `--shard-count`, which wins over the environment's count.
    public static func fromEnvironment(_ environment: [String: String], count: Int? = nil) throws(ShardProblem) -> Shard {
        func number(_ name: String) throws(ShardProblem) -> Int? {
            guard let value = environment[name] else { return nil }
            guard let number = Int(value) else { throw .notANumber(variable: name, value: value) }
            return number
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            let fromEnvironment = try number(countVariable)
            guard let total = count ?? fromEnvironment else { throw .noCount(indexVariable: "JOB_COMPLETION_INDEX") }
            return try Shard(number: index + 1, count: total)
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = try number("SLURM_ARRAY_TASK_STEP").map { max(1, $0) } ?? 1
            let fromEnvironment = try number("SLURM_ARRAY_TASK_COUNT")
            guard let total = count ?? fromEnvironment else {
                throw .noCount(indexVariable: "SLURM_ARRAY_TASK_ID")
            }
            return try Shard(number: (id - first) / step + 1, count: total)
        }
        throw .noIndexInEnvironment
    }
}
