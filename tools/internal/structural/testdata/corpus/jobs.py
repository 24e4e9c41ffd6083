"""A job queue, for the structural differential tests."""
import json
import os
from dataclasses import dataclass, field

DEFAULT_RETRIES = 3


@dataclass
class Job:
    name: str
    args: list = field(default_factory=list)
    retries: int = DEFAULT_RETRIES

    def describe(self):
        print("job", self.name, self.args)
        return f"{self.name}({', '.join(map(str, self.args))})"


class Queue:
    def __init__(self, path):
        self.path = path
        self.jobs = []
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    self.jobs.append(Job(**json.loads(line)))

    def push(self, job):
        if job is None:
            raise ValueError("no job")
        self.jobs.append(job)
        print("pushed", job.name)

    def pop(self):
        if len(self.jobs) == 0:
            return None
        job = self.jobs.pop(0)
        print(
            "popped",
            job.name,
        )
        return job

    def save(self):
        with open(self.path, "w") as f:
            for job in self.jobs:
                f.write(json.dumps(job.__dict__) + "\n")


def run(queue, handler):
    done = 0
    while True:
        job = queue.pop()
        if job is None:
            break
        try:
            handler(job)
            done += 1
        except Exception as e:
            print("failed", job.name, e)
            if job.retries > 0:
                job.retries -= 1
                queue.push(job)
    return done


if __name__ == "__main__":
    q = Queue(os.environ.get("QUEUE", "jobs.jsonl"))
    print(run(q, lambda j: print(j.describe())))
